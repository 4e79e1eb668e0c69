import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  ApplicationImages,
  ApplicationServices,
  ApplicationText,
  ClientLanguages,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  SitePath,
  type ErrorEnvelope,
} from '@mepedia/contracts';
import {
  describeEachEngine,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import { call, newMember, SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { createSiteApp } from '../src/site.app';
import {
  MIGRATED_IMAGES,
  MIGRATED_SERVICES,
  MIGRATED_TEXT,
  SITE_CACHE_CONTROL,
  SITE_ROUTES,
  SPEC_LANGUAGES,
  textProblem,
} from './site-content';

const MIGRATIONS = join(__dirname, '..', 'src', 'migrations');

// The site service over real HTTP, on each engine: public reads of content its migrations wrote
// (on PGlite too: the migrations, schema and data, must apply there as well).
describeEachEngine('site service over HTTP', (engine) => {
  let site: TestService;

  const get = <T>(path: string) => call<T>(site.base, 'GET', path);
  const query = <T>(sql: string): Promise<T[]> => site.database.query<T>(sql);
  /** The table's content, as the migrations left it (or as a test changed it). */
  const stored = async () => ({
    texts: await query<{ language: string; message_key: string; message: string }>(
      'select language, message_key, message from site.texts order by language, message_key',
    ),
    services: await query<Record<string, string | number | null>>(
      'select * from site.services order by position, service_id',
    ),
    images: await query<{ name: string; path: string }>(
      'select name, path from site.images order by name',
    ),
  });
  /** The data migrations (every one after the schema's), statement by statement. */
  const dataMigrations = () =>
    readdirSync(MIGRATIONS)
      .filter((file) => /^\d{4}_.+\.sql$/.test(file) && !file.startsWith('0000_'))
      .sort()
      .map((file) => ({
        file,
        statements: readFileSync(join(MIGRATIONS, file), 'utf8')
          .split('--> statement-breakpoint')
          .map((statement) => statement.trim())
          .filter(Boolean),
      }));

  beforeAll(async () => {
    site = await startTestService('site', createSiteApp, { engine, poolSize: 4 });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await site?.close();
  }, SETUP_TIMEOUT_MS);

  describe('GET applicationText/getFormattedText', () => {
    it('answers the migrated overrides, by language, exactly', async () => {
      const response = await get<ApplicationText>('/api/applicationText/getFormattedText');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.body).toEqual(MIGRATED_TEXT);
      expect(Object.keys(response.body).sort()).toEqual([...LANGUAGES].sort());
      expect(ApplicationText.safeParse(response.body).success).toBe(true);
    });

    it('has every key in both languages, each a real text in its language', async () => {
      const { body } = await get<ApplicationText>('/api/applicationText/getFormattedText');
      expect(Object.keys(body.en).length).toBeGreaterThan(0);
      expect(Object.keys(body.he).sort()).toEqual(Object.keys(body.en).sort());
      for (const language of LANGUAGES)
        for (const [key, text] of Object.entries(body[language]))
          expect({ key, language, problem: textProblem(language, text) }).toEqual({
            key,
            language,
            problem: undefined,
          });
    });

    it('answers what is stored', async () => {
      const { body } = await get<ApplicationText>('/api/applicationText/getFormattedText');
      const rows = (await stored()).texts;
      expect(rows).toHaveLength(Object.keys(body.en).length + Object.keys(body.he).length);
      for (const row of rows)
        expect(body[row.language as 'en' | 'he'][row.message_key]).toBe(row.message);
    });
  });

  describe('GET applicationServices/getAllServices', () => {
    it('answers the migrated services, in order, exactly', async () => {
      const response = await get<ApplicationServices>('/api/applicationServices/getAllServices');
      expect(response.status).toBe(200);
      expect(response.body).toEqual(MIGRATED_SERVICES);
      expect(ApplicationServices.safeParse(response.body).success).toBe(true);
      // Only the contract's fields; a service without a page has no `link` at all (not null).
      for (const service of response.body)
        expect(Object.keys(service).sort()).toEqual(
          service.link === undefined
            ? ['description', 'id', 'title']
            : ['description', 'id', 'link', 'title'],
        );
      expect(response.body.filter((service) => 'link' in service)).toHaveLength(3);
    });

    it('writes every title and description in both languages', async () => {
      const { body } = await get<ApplicationServices>('/api/applicationServices/getAllServices');
      expect(new Set(body.map((service) => service.id)).size).toBe(body.length);
      for (const service of body)
        for (const field of ['title', 'description'] as const) {
          expect(Object.keys(service[field]).sort()).toEqual(['en', 'he']);
          for (const language of LANGUAGES)
            expect({
              id: service.id,
              field,
              language,
              problem: textProblem(language, service[field][language]),
            }).toEqual({ id: service.id, field, language, problem: undefined });
        }
    });

    it('links only to paths of this site, without a locale prefix', async () => {
      const { body } = await get<ApplicationServices>('/api/applicationServices/getAllServices');
      for (const { link } of body.filter((service) => service.link !== undefined)) {
        expect(SitePath.safeParse(link).success).toBe(true);
        expect(link).not.toMatch(/^\/(he|en)(\/|$)/);
      }
    });

    it('answers what is stored, in position order', async () => {
      const { body } = await get<ApplicationServices>('/api/applicationServices/getAllServices');
      expect(
        (await stored()).services.map((row) => ({
          id: row['service_id'],
          title: { en: row['title_en'], he: row['title_he'] },
          description: { en: row['description_en'], he: row['description_he'] },
          ...(row['link_path'] === null ? {} : { link: row['link_path'] }),
        })),
      ).toEqual(body);
    });
  });

  describe('POST applicationImages/getImages', () => {
    it('answers the three image paths under the product’s field names', async () => {
      const response = await call<ApplicationImages>(
        site.base,
        'POST',
        '/api/applicationImages/getImages',
      );
      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual(['logo', 'memorialImageFotter', 'subLogo']);
      expect(response.body).toEqual(MIGRATED_IMAGES);
      expect(ApplicationImages.safeParse(response.body).success).toBe(true);
    });

    it('names files the web app serves (no broken image on any page)', async () => {
      const { body } = await call<ApplicationImages>(
        site.base,
        'POST',
        '/api/applicationImages/getImages',
      );
      for (const path of Object.values(body)) {
        const file = join(__dirname, '../../web/public', path);
        expect({ path, served: existsSync(file) && statSync(file).size > 0 }).toEqual({
          path,
          served: true,
        });
      }
    });

    it('ignores a body', async () => {
      for (const body of [{}, { anything: 'at all' }]) {
        const response = await call<ApplicationImages>(
          site.base,
          'POST',
          '/api/applicationImages/getImages',
          { body },
        );
        expect(response.status).toBe(200);
        expect(response.body).toEqual(MIGRATED_IMAGES);
      }
    });

    it('answers what is stored', async () => {
      const { body } = await call<ApplicationImages>(
        site.base,
        'POST',
        '/api/applicationImages/getImages',
      );
      const rows = (await stored()).images;
      expect(Object.fromEntries(rows.map((row) => [row.name, row.path]))).toEqual(body);
    });
  });

  describe('GET configuration/organizationClientLanguages', () => {
    it('answers the spec’s language list, exactly', async () => {
      const response = await get<ClientLanguages>('/api/configuration/organizationClientLanguages');
      expect(response.status).toBe(200);
      expect(response.body).toEqual(SPEC_LANGUAGES);
      expect(ClientLanguages.safeParse(response.body).success).toBe(true);
      for (const language of response.body)
        expect(Object.keys(language).sort()).toEqual([
          'direction',
          'enLabel',
          'isDefault',
          'label',
          'name',
          'temporary',
        ]);
    });

    it('lists every interface language once, with the default the web app falls back to', async () => {
      const { body } = await get<ClientLanguages>('/api/configuration/organizationClientLanguages');
      expect(body.map((language) => language.name).sort()).toEqual([...LANGUAGES].sort());
      expect(
        body.filter((language) => language.isDefault).map((language) => language.name),
      ).toEqual([DEFAULT_LANGUAGE]);
    });
  });

  describe('every route', () => {
    it('lets browsers and CDNs keep the answer for five minutes', async () => {
      for (const route of SITE_ROUTES) {
        const response = await call(site.base, route.method, route.path);
        expect({
          ...route,
          status: response.status,
          cache: response.headers.get('cache-control'),
        }).toEqual({ ...route, status: 200, cache: SITE_CACHE_CONTROL });
      }
    });

    it('answers a signed-in member exactly what it answers a guest', async () => {
      const headers = site.as(newMember({ language: 'he' }));
      for (const route of SITE_ROUTES) {
        const guest = await call(site.base, route.method, route.path);
        const signedIn = await call(site.base, route.method, route.path, { headers });
        expect({ ...route, status: signedIn.status }).toEqual({ ...route, status: 200 });
        expect(signedIn.text).toBe(guest.text);
      }
    });

    it('takes no writes: any other method is 404 and changes nothing', async () => {
      const before = await stored();
      for (const route of SITE_ROUTES) {
        const others = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => m !== route.method);
        for (const method of others) {
          const response = await call<ErrorEnvelope>(site.base, method, route.path, {
            // fetch sends no body with GET.
            ...(method === 'GET'
              ? {}
              : { body: { logo: '/elsewhere.svg', en: { 'app.tagline': 'Overwritten' } } }),
          });
          expect({
            method,
            path: route.path,
            status: response.status,
            code: response.body.code,
          }).toEqual({ method, path: route.path, status: 404, code: 'ROUTE_NOT_FOUND' });
        }
      }
      expect(await stored()).toEqual(before);
      expect((await get('/api/applicationText/getFormattedText')).body).toEqual(MIGRATED_TEXT);
    });
  });

  describe('content', () => {
    it('is read once per process: a change in the table shows only after a restart', async () => {
      await query(
        `update site.texts set message = 'Changed under the running service' where language = 'en' and message_key = 'app.tagline'`,
      );
      await query(`update site.images set path = '/changed.svg' where name = 'logo'`);
      expect((await get('/api/applicationText/getFormattedText')).body).toEqual(MIGRATED_TEXT);
      expect((await call(site.base, 'POST', '/api/applicationImages/getImages')).body).toEqual(
        MIGRATED_IMAGES,
      );

      const restarted = await startTestService('site', createSiteApp, {
        database: site.database,
      });
      try {
        const text = await call<ApplicationText>(
          restarted.base,
          'GET',
          '/api/applicationText/getFormattedText',
        );
        expect(text.body.en['app.tagline']).toBe('Changed under the running service');
        const images = await call<ApplicationImages>(
          restarted.base,
          'POST',
          '/api/applicationImages/getImages',
        );
        expect(images.body.logo).toBe('/changed.svg');
      } finally {
        await restarted.close();
      }
    });

    it('converges when the data migrations run again', async () => {
      await query(
        `update site.texts set message = 'Drifted' where language = 'he' and message_key = 'footer.credit'`,
      );
      await query(
        `update site.services set position = 99, link_path = null, title_he = 'נסחף' where service_id = 'profile'`,
      );
      await query(`update site.images set path = '/drifted.png'`);
      const migrations = dataMigrations();
      expect(migrations.map(({ file }) => file)).toEqual([
        '0001_application_text.sql',
        '0002_application_services.sql',
        '0003_application_images.sql',
      ]);
      for (const { statements } of migrations)
        for (const statement of statements) await query(statement);

      const rows = await stored();
      expect(rows.texts).toEqual(
        LANGUAGES.flatMap((language) =>
          Object.entries(MIGRATED_TEXT[language]).map(([message_key, message]) => ({
            language,
            message_key,
            message,
          })),
        ).sort((a, b) =>
          a.language === b.language
            ? a.message_key.localeCompare(b.message_key)
            : a.language.localeCompare(b.language),
        ),
      );
      expect(rows.services.map((row) => row['service_id'])).toEqual(
        MIGRATED_SERVICES.map((service) => service.id),
      );
      expect(rows.services.find((row) => row['service_id'] === 'profile')).toMatchObject({
        position: 1,
        title_he: MIGRATED_SERVICES[0]!.title.he,
        link_path: MIGRATED_SERVICES[0]!.link,
      });
      expect(Object.fromEntries(rows.images.map((row) => [row.name, row.path]))).toEqual(
        MIGRATED_IMAGES,
      );
    });
  });
});
