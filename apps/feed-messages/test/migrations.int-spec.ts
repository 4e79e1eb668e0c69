import { describeEachEngine, expectSubjectAudiencesUpgrade } from '@mepedia/server-service-testing';
import { SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { FEED_MESSAGES_MIGRATIONS } from '../src/feed-messages.app';

// The standalone process migrates its PGlite data as the service migrates PostgreSQL.
describeEachEngine('feed-messages migrations', (engine) => {
  it(
    '0007 gives each subject its audience, and keeps `private` equal to it for the release before',
    () => expectSubjectAudiencesUpgrade(engine, FEED_MESSAGES_MIGRATIONS),
    SETUP_TIMEOUT_MS,
  );
});
