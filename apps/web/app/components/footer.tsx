import { useLocation } from 'react-router';
import { splitLocale } from '@mepedia/web-i18n';
import { useI18n } from '../lib/i18n';
import { SOCIAL_LINKS } from '../lib/site';
import { LocalizedLink } from './localized-link';

/** The founder's memorial on the home page: the candle, a few words, the way to his page. */
export function MemorialBlock() {
  const { t } = useI18n();
  return (
    <aside className="memorial" aria-labelledby="memorial-title">
      <img
        className="memorial-image"
        src="/memorial-footer.jpg"
        alt=""
        width={320}
        height={180}
        loading="lazy"
      />
      <div className="memorial-text">
        <h2 id="memorial-title">{t('memorial.title')}</h2>
        <p>{t('memorial.text')}</p>
        <LocalizedLink to="/efi">{t('memorial.link')}</LocalizedLink>
      </div>
    </aside>
  );
}

export function Footer({ publishedCount }: { publishedCount: number | null }) {
  const { t } = useI18n();
  const location = useLocation();
  const home = splitLocale(location.pathname).path === '/';
  return (
    <footer className="site-footer">
      {home && <MemorialBlock />}
      <nav aria-label={t('footer.social')}>
        <ul className="social-links">
          {SOCIAL_LINKS.map((link) => (
            <li key={link.name}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {t(`footer.social.${link.name}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {publishedCount !== null && (
        <p className="published-count">
          {t('footer.publishedProfiles', { count: publishedCount })}
        </p>
      )}
      <p>
        <LocalizedLink to="/terms-of-service">{t('footer.terms')}</LocalizedLink>
        {' · '}
        <LocalizedLink to="/privacy-policy">{t('footer.privacy')}</LocalizedLink>
        {' · '}
        <LocalizedLink to="/transparency">{t('footer.transparency')}</LocalizedLink>
      </p>
      <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      <p className="credit">{t('footer.credit')}</p>
    </footer>
  );
}
