import './instrument';
import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { runServiceProcess } from '@mepedia/server-platform';
import { createPrivateQuestionsApp } from './private-questions.app';
import { PRIVATE_QUESTIONS_SERVICE_NAME } from './private-questions.module';

// The private-questions service as its own process (services mode, Kubernetes).
runMain(async () => {
  await runServiceProcess(PRIVATE_QUESTIONS_SERVICE_NAME, (platform) =>
    createPrivateQuestionsApp(platform),
  );
});
