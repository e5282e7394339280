import { LogoutPage } from '../logout-page.tsx';

export default LogoutPage;
