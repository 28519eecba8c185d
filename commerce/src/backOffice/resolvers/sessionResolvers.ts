import type {
  MutationChangePasswordArgs,
  MutationConfirmAuthenticatorSetupArgs,
  MutationConfirmSecondFactorEnrolmentArgs,
  MutationRemoveAuthenticatorArgs,
  MutationSignInArgs,
  MutationVerifySecondFactorArgs,
} from '../../__generated__/backOfficeResolvers';
import { signInStep } from '../../domains/staff';
import type { BackOfficeContext } from '../backOfficeContext';
import { staffMemberView } from '../adminOrderView';
import { clearSessionCookie, sessionCookie } from '../sessionCookie';

async function signInState(context: BackOfficeContext) {
  const { session } = context;
  const step = signInStep(session);
  return {
    step,
    enrolment: step === 'ENROL_SECOND_FACTOR' && session ? await context.services.sessions.enrolment(session) : null,
    me: step === 'SIGNED_IN' && session ? staffMemberView(session.staff) : null,
    csrfToken: session?.row.csrf_token ?? null,
  };
}

export const sessionResolvers = {
  Query: {
    me: (_: unknown, __: unknown, context: BackOfficeContext) =>
      context.session?.row.stage === 'full' ? staffMemberView(context.session.staff) : null,
    signInState: (_: unknown, __: unknown, context: BackOfficeContext) => signInState(context),
  },
  Mutation: {
    async signIn(_: unknown, args: MutationSignInArgs, context: BackOfficeContext) {
      const outcome = await context.services.sessions.signIn(
        args.email,
        args.password,
        context.session,
        context.client,
      );
      if (outcome.token) context.setCookies.push(sessionCookie(outcome.token));
      context.session = outcome.session;
      return signInState(context);
    },
    async verifySecondFactor(_: unknown, args: MutationVerifySecondFactorArgs, context: BackOfficeContext) {
      await context.services.sessions.verifySecondFactor(context.session, args.code, context.client);
      return signInState(context);
    },
    async confirmSecondFactorEnrolment(
      _: unknown,
      args: MutationConfirmSecondFactorEnrolmentArgs,
      context: BackOfficeContext,
    ) {
      await context.services.sessions.confirmEnrolment(context.session, args.code, context.client);
      return signInState(context);
    },
    startAuthenticatorSetup: (_: unknown, __: unknown, context: BackOfficeContext) =>
      context.services.secondFactor.start(context.session),
    async confirmAuthenticatorSetup(
      _: unknown,
      args: MutationConfirmAuthenticatorSetupArgs,
      context: BackOfficeContext,
    ) {
      await context.services.secondFactor.confirm(context.session, args.code);
      return staffMemberView(context.session!.staff);
    },
    async removeAuthenticator(_: unknown, args: MutationRemoveAuthenticatorArgs, context: BackOfficeContext) {
      await context.services.secondFactor.remove(context.session, args.password, context.client);
      return staffMemberView(context.session!.staff);
    },
    async changePassword(_: unknown, args: MutationChangePasswordArgs, context: BackOfficeContext) {
      await context.services.passwordChange.change(
        context.session,
        args.currentPassword,
        args.newPassword,
        context.client,
      );
      return staffMemberView(context.session!.staff);
    },
    async signOut(_: unknown, __: unknown, context: BackOfficeContext) {
      await context.services.sessions.signOut(context.session);
      context.session = null;
      context.setCookies.push(clearSessionCookie());
      return true;
    },
  },
};
