import { LoginPage } from '../login-page.tsx';

export default LoginPage;
