import type { TestProject } from 'vitest/node';
import { startFakeGoogle } from '../fakes/google';
import { startFakeOpenAi } from '../fakes/openai';
import { startFakeResend } from '../fakes/resend';

declare module 'vitest' {
  export interface ProvidedContext {
    fakeGoogleUrl: string;
    fakeResendUrl: string;
    fakeOpenAiUrl: string;
  }
}

/** Starts the fakes of outside services in Node; the Worker in workerd reaches them over HTTP. */
export default async function setup(project: TestProject) {
  const google = await startFakeGoogle();
  const resend = await startFakeResend();
  const openai = await startFakeOpenAi();
  project.provide('fakeGoogleUrl', google.url);
  project.provide('fakeResendUrl', resend.url);
  project.provide('fakeOpenAiUrl', openai.url);
  return async () => {
    await google.close();
    await resend.close();
    await openai.close();
  };
}
