import { localizePath } from '@mepedia/web-i18n';
import { forwardRef, type ComponentProps } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../lib/i18n';
import { usePrefetchMode } from './client-effects';

type Props = Omit<ComponentProps<typeof Link>, 'to'> & { to: string };

/** A link in the current locale (`/about` -> `/he/about` in Hebrew), prefetched unless the connection is poor. */
export const LocalizedLink = forwardRef<HTMLAnchorElement, Props>(function LocalizedLink(
  { to, ...props },
  ref,
) {
  const { locale } = useI18n();
  const prefetch = usePrefetchMode();
  const [path, hash] = to.split('#');
  const [pathname = '/', search] = (path ?? '/').split('?');
  const target = `${localizePath(pathname || '/', locale)}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`;
  return <Link ref={ref} to={target} prefetch={prefetch} {...props} />;
});
