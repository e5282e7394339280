import { SetUpSignInPage } from '../set-up-sign-in-page.tsx';

export default SetUpSignInPage;
