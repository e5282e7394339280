import { ResetPasswordPage } from '../reset-password-page.tsx';

export default ResetPasswordPage;
