import type { TestProject } from 'vitest/node';
import { startFakeGoogle } from '../fakes/google';
import { startFakeResend } from '../fakes/resend';

declare module 'vitest' {
  export interface ProvidedContext {
    fakeGoogleUrl: string;
    fakeResendUrl: string;
  }
}

/** Starts the fakes of outside services in Node; the Worker in workerd reaches them over HTTP. */
export default async function setup(project: TestProject) {
  const google = await startFakeGoogle();
  const resend = await startFakeResend();
  project.provide('fakeGoogleUrl', google.url);
  project.provide('fakeResendUrl', resend.url);
  return async () => {
    await google.close();
    await resend.close();
  };
}
