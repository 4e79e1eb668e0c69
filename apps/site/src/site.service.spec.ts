import type { SiteRepository, SiteRows } from './site.repository';
import { SiteService } from './site.service';

const rows = (): SiteRows => ({
  texts: [
    { language: 'en', messageKey: 'app.tagline', message: 'Tagline' },
    { language: 'he', messageKey: 'app.tagline', message: 'סלוגן' },
  ],
  services: [
    {
      serviceId: 'magazine',
      position: 1,
      titleEn: 'The magazine',
      titleHe: 'המגזין',
      descriptionEn: 'Stories',
      descriptionHe: 'סיפורים',
      linkPath: '/mepedia-magazine',
    },
    {
      serviceId: 'widget',
      position: 2,
      titleEn: 'Widget',
      titleHe: 'וידג׳ט',
      descriptionEn: 'On your site',
      descriptionHe: 'באתר שלך',
      linkPath: null,
    },
  ],
  images: [
    { name: 'memorialImageFotter', path: '/memorial.jpg' },
    { name: 'logo', path: '/logo.svg' },
    { name: 'subLogo', path: '/sub-logo.svg' },
  ],
});

function newSite(read: () => Promise<SiteRows> = async () => rows()) {
  const all = jest.fn(read);
  return { sut: new SiteService({ all } as unknown as SiteRepository), all };
}

describe(SiteService.name, () => {
  describe('load', () => {
    it('lays extra texts (SITE_TEXT_OVERRIDES) over the rows, held to the same contract', async () => {
      const all = jest.fn(async () => rows());
      const repository = { all } as unknown as SiteRepository;
      const extra = { en: { 'app.tagline': 'Extra', 'footer.credit': 'Credit' } };
      expect(await new SiteService(repository, extra).getFormattedText()).toEqual({
        en: { 'app.tagline': 'Extra', 'footer.credit': 'Credit' },
        he: { 'app.tagline': 'סלוגן' },
      });
      await expect(
        new SiteService(repository, { en: { 'not a key!': 'x' } }).getFormattedText(),
      ).rejects.toThrow();
    });

    it('maps the rows to the contracts’ shapes', async () => {
      const { sut } = newSite();
      expect(await sut.getFormattedText()).toEqual({
        en: { 'app.tagline': 'Tagline' },
        he: { 'app.tagline': 'סלוגן' },
      });
      expect(await sut.getAllServices()).toEqual([
        {
          id: 'magazine',
          title: { en: 'The magazine', he: 'המגזין' },
          description: { en: 'Stories', he: 'סיפורים' },
          link: '/mepedia-magazine',
        },
        {
          id: 'widget',
          title: { en: 'Widget', he: 'וידג׳ט' },
          description: { en: 'On your site', he: 'באתר שלך' },
        },
      ]);
      expect(await sut.getImages()).toEqual({
        logo: '/logo.svg',
        subLogo: '/sub-logo.svg',
        memorialImageFotter: '/memorial.jpg',
      });
      expect((await sut.organizationClientLanguages()).map((l) => l.name)).toEqual(['he', 'en']);
    });

    it('answers both languages even when one has no overrides', async () => {
      const { sut } = newSite(async () => ({ ...rows(), texts: [] }));
      expect(await sut.getFormattedText()).toEqual({ en: {}, he: {} });
    });

    it('reads the database once, however many calls come, at once or later', async () => {
      const { sut, all } = newSite();
      await Promise.all([sut.getFormattedText(), sut.getImages(), sut.load()]);
      await sut.getAllServices();
      await sut.organizationClientLanguages();
      expect(all).toHaveBeenCalledTimes(1);
    });

    it('reads again after a failed read', async () => {
      let fail = true;
      const { sut, all } = newSite(async () => {
        if (fail) throw new Error('database away');
        return rows();
      });
      await expect(sut.load()).rejects.toThrow('database away');
      fail = false;
      expect((await sut.getImages()).logo).toBe('/logo.svg');
      expect(all).toHaveBeenCalledTimes(2);
    });

    it('serves content no caller can change', async () => {
      const { sut } = newSite();
      const images = await sut.getImages();
      expect(() => {
        (images as { logo: string }).logo = '/elsewhere.svg';
      }).toThrow(TypeError);
      const services = await sut.getAllServices();
      expect(() => {
        (services[0]!.title as { en: string }).en = 'Changed';
      }).toThrow(TypeError);
      expect((await sut.getImages()).logo).toBe('/logo.svg');
      expect((await sut.getAllServices())[0]!.title.en).toBe('The magazine');
    });
  });

  describe('content that breaks a contract fails the load', () => {
    const refused: Array<[string, (r: SiteRows) => SiteRows]> = [
      ['a missing image', (r) => ({ ...r, images: r.images.filter((i) => i.name !== 'subLogo') })],
      [
        'an image on another site',
        (r) => ({ ...r, images: r.images.map((i) => ({ ...i, path: '//evil.example/x.svg' })) }),
      ],
      [
        'a link through a backslash',
        (r) => ({ ...r, services: r.services.map((s) => ({ ...s, linkPath: '/\\evil.example' })) }),
      ],
      [
        'an empty title',
        (r) => ({ ...r, services: r.services.map((s) => ({ ...s, titleHe: '' })) }),
      ],
      [
        'a message key that is no key',
        (r) => ({ ...r, texts: [{ language: 'en', messageKey: 'not a key', message: 'Text' }] }),
      ],
      [
        'a language there is none of',
        (r) => ({ ...r, texts: [{ language: 'fr', messageKey: 'app.tagline', message: 'Texte' }] }),
      ],
    ];
    it.each(refused)('%s', async (_what, change) => {
      const { sut } = newSite(async () => change(rows()));
      await expect(sut.load()).rejects.toThrow();
    });
  });
});
