import './instrument';
import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { runServiceProcess } from '@mepedia/server-platform';
import { createMeAnswersApp } from './me-answers.app';

// The me-answers service (the questionnaire and members' answers) as its own process.
runMain(async () => {
  await runServiceProcess('me-answers', (platform) => createMeAnswersApp(platform));
});
