// The validator's own tests (tools/k8s/project.json's `test` target, so `npm test` runs them).
export default {
  rootDir: import.meta.dirname,
  testEnvironment: 'node',
  transform: {},
  testMatch: ['<rootDir>/**/*.spec.mjs'],
};
