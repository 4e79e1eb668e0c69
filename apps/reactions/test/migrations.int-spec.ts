import { describeEachEngine, expectSubjectAudiencesUpgrade } from '@mepedia/server-service-testing';
import { SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { REACTIONS_MIGRATIONS } from '../src/reactions.app';

// The standalone process migrates its PGlite data as the service migrates PostgreSQL.
describeEachEngine('reactions migrations', (engine) => {
  it(
    '0007 gives each subject its audience, and keeps `private` equal to it for the release before',
    () => expectSubjectAudiencesUpgrade(engine, REACTIONS_MIGRATIONS),
    SETUP_TIMEOUT_MS,
  );
});
