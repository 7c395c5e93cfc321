import { Link } from 'react-router';

/** "Forgot password?" under a sign-in form's password, to /forgot-password (`to`: with the admin's `?to=admin`). */
export function ForgotPasswordLink({ to = '/forgot-password' }: { to?: string }) {
  return (
    <Link to={to} className="-mt-2 self-end text-sm font-semibold text-mint-700 hover:underline">
      Forgot password?
    </Link>
  );
}
