import { errorMessage } from '@mepedia/messages/errors';
import { data, type ServerBuild } from 'react-router';

/**
 * What the error page gets of a coded API error (spec section 8: "shows the error page with its
 * message"): the code, and the code's message in the page's language from the error catalogue
 * (libs/messages/src/errors.ts), or null for a code the catalogue does not have. The
 * server's own text (`envelope.message`) is never passed on.
 */
export type CodedErrorData = { code: string; message: string | null };

type DataWithStatus = ReturnType<typeof data<CodedErrorData>>;

/** The page's language, from its address (`/he` and under it: Hebrew). */
function localeOf(pathname: string): 'en' | 'he' {
  return /^\/he(\/|\.data$|$)/.test(pathname) ? 'he' : 'en';
}

/**
 * An error a loader threw, as a route error answer with the API's status and the code's message,
 * when it is an API error; undefined for anything else (the page's generic 500). Recognized by
 * shape, not class: the web build carries its own copy of the API client's ApiError.
 */
export function codedRouteError(error: unknown, pathname: string): DataWithStatus | undefined {
  if (!(error instanceof Error) || error.name !== 'ApiError') return undefined;
  const { status, code } = error as Error & { status?: unknown; code?: unknown };
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599)
    return undefined;
  if (typeof code !== 'string') return undefined;
  const message = errorMessage(code, localeOf(pathname)) ?? null;
  return data<CodedErrorData>({ code, message }, { status });
}

/**
 * The build with every route loader answering a coded API error as a route error answer
 * (codedRouteError). Without it React Router hides any thrown Error behind "Unexpected Server
 * Error" (500) in production, and the error page could say nothing about what went wrong.
 */
export function withCodedErrors(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const loader = route?.module.loader;
    if (!route || !loader) {
      routes[id] = route;
      continue;
    }
    const coded: typeof loader = async (args) => {
      try {
        return await loader(args);
      } catch (error) {
        throw codedRouteError(error, new URL(args.request.url).pathname) ?? error;
      }
    };
    routes[id] = { ...route, module: { ...route.module, loader: coded } };
  }
  return { ...build, routes };
}
