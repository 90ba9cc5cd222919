import type React from 'react';
import { LIMITS } from '@synctrade/api/validation';
import { Lead } from '../../auth';
import { SignUpForm } from './sign-up-form';

/** The Sign Up card with the spec's title and the free-trial pitch. */
export function SignUpCard(): React.JSX.Element {
  return (
    <>
      <h1>Start trading efficiently</h1>
      <Lead>Start your {LIMITS.trialDays}-day free trial. No commitment, cancel anytime.</Lead>
      <SignUpForm />
    </>
  );
}
