import { BRAND_NAME } from '../../domain/constants';
import { Card } from '../../ui/card/card';
import { Page } from '../../ui/page/page';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs/tabs';
import { SignInForm } from './components/sign-in-form';
import { SignUpForm } from './components/sign-up-form';

/** Sign In and Sign Up tabs (SPEC §2 Auth page). */
export default function AuthPage() {
  return (
    <Page title={`Welcome to ${BRAND_NAME}`} subtitle="Sign in or create an account to book long stays and meet your housemates." isNarrow>
      <Card padding="lg">
        <Tabs defaultSelectedKey="sign-in">
          <TabList aria-label="Sign in or sign up">
            <Tab id="sign-in">Sign In</Tab>
            <Tab id="sign-up">Sign Up</Tab>
          </TabList>
          <TabPanel id="sign-in">
            <SignInForm />
          </TabPanel>
          <TabPanel id="sign-up">
            <SignUpForm />
          </TabPanel>
        </Tabs>
      </Card>
    </Page>
  );
}

