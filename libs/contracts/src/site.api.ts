import type { ApiRoute, ApiService } from './api-route';
import * as schemas from './site';
import { ApplicationImages, ApplicationServices, ApplicationText, ClientLanguages } from './site';

const CACHED =
  'The same for everyone and changed only by a deployment: `Cache-Control: public, max-age=300, stale-while-revalidate=3600`.';

export const siteRoutes = {
  getFormattedText: {
    method: 'GET',
    path: '/api/applicationText/getFormattedText',
    summary: 'Interface text overrides, per language',
    description: `Message key to text for \`en\` and for \`he\` (both always present, possibly empty), laid by the web app over its built-in interface messages: an override wins for its language only. ${CACHED}`,
    auth: 'anyone',
    status: 200,
    response: ApplicationText,
    errors: [],
  },
  getAllServices: {
    method: 'GET',
    path: '/api/applicationServices/getAllServices',
    summary: 'What the site offers, in English and Hebrew',
    description: `In the order the site presents them. \`link\` is a path without a locale prefix, absent for a service with no page of its own. ${CACHED}`,
    auth: 'anyone',
    status: 200,
    response: ApplicationServices,
    errors: [],
  },
  getImages: {
    method: 'POST',
    path: '/api/applicationImages/getImages',
    summary: 'The site’s image paths: logo, subLogo, memorialImageFotter',
    description: `A body, if sent, is ignored. Paths are static files of the web app, from the site’s root. ${CACHED}`,
    auth: 'anyone',
    status: 200,
    response: ApplicationImages,
    errors: [],
  },
  organizationClientLanguages: {
    method: 'GET',
    path: '/api/configuration/organizationClientLanguages',
    summary: 'The interface languages, with their labels, direction and which is the default',
    description: `Hebrew (right to left) and English (left to right, the default). ${CACHED}`,
    auth: 'anyone',
    status: 200,
    response: ClientLanguages,
    errors: [],
  },
} as const satisfies Record<string, ApiRoute>;

export const siteApi: ApiService = {
  service: 'site',
  title: 'Site content',
  description:
    'The site’s own content, the same for every caller: interface text overrides (`/api/applicationText`), the services it presents (`/api/applicationServices`), its images (`/api/applicationImages`) and its languages (`/api/configuration`). Read-only; it changes only with a deployment (data migrations), so answers may be kept for five minutes. Details: docs/api/site.md.',
  schemas,
  routes: Object.values(siteRoutes),
};
