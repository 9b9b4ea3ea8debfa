import { paths } from '~/shared/routes';
import {
  contactLink,
  LEGAL_LAST_UPDATED,
  type LegalDocument,
  link,
  list,
  paragraph,
  subsection,
} from './legal-document';

// The cookies listed here are the ones the product really sets: keep this table in step with
// src/server/auth (session, second factor, identity provider flow) and src/shared/cookie-consent.ts.
export const cookiePolicy: LegalDocument = {
  title: 'Cookie Policy',
  summary:
    'The cookies Tandem sets: four essential cookies for signing in and remembering your choice, no analytics cookies at present, and how to change your choice.',
  lastUpdated: LEGAL_LAST_UPDATED,
  sections: [
    {
      id: 'what-are-cookies',
      title: 'What Cookies Are',
      blocks: [
        paragraph(
          'Cookies are small text files that a website stores in your browser so that it can recognise your browser on the next request. Session cookies disappear when you close your browser or sign out; persistent cookies stay for a set period, which across the web typically ranges from 30 days to 2 years.',
        ),
        paragraph(
          'Cookies set by the site you are visiting are first-party cookies; cookies set by another company’s service embedded in the page are third-party cookies. Tandem sets only first-party cookies.',
        ),
      ],
    },
    {
      id: 'cookies-we-use',
      title: 'Cookies We Use',
      blocks: [
        paragraph(
          'Every cookie Tandem sets today is essential: the Services cannot work without it, so it does not need your consent. None of them is used for advertising or to follow you across other websites.',
        ),
        {
          kind: 'table',
          caption: 'Essential cookies set by Tandem',
          columns: ['Cookie', 'Purpose', 'Duration'],
          rows: [
            [
              [{ code: 'tandem_session' }],
              'Keeps you signed in. It holds a random token that only our server can match to your session; it is httpOnly, so scripts in the page cannot read it.',
              'Ends when you sign out or your session times out, and after 30 days at most',
            ],
            [
              [{ code: 'tandem_consent' }],
              'Remembers your choice in the cookie banner (“Essential only” or “Accept all”) so we do not ask on every page.',
              '12 months',
            ],
            [
              [{ code: 'tandem_2fa' }],
              'Links the two steps of signing in with a second factor, so the code you enter belongs to the password you just gave. Set only during sign-in.',
              '10 minutes',
            ],
            [
              [{ code: 'tandem_oidc' }],
              'Protects signing in with Google, Apple or LinkedIn by tying the provider’s answer to the browser that started the sign-in. Set only during sign-in.',
              '10 minutes',
            ],
          ],
        },
      ],
    },
    {
      id: 'analytics-cookies',
      title: 'Optional Analytics Cookies',
      blocks: [
        paragraph(
          'Analytics cookies would help us understand which pages are useful and where visitors get stuck. They are optional: we would set them only if you choose “Accept all” in the cookie banner, never if you choose “Essential only”.',
        ),
        paragraph(
          'At present, Tandem sets no analytics cookies at all, whatever you choose. Before we add any, we will list each one in the table above with its purpose and duration, and analytics data would be kept for no more than 26 months in anonymized form.',
        ),
      ],
    },
    {
      id: 'your-choices',
      title: 'Your Choices',
      blocks: [
        subsection('The cookie banner', [
          paragraph([
            'On your first visit, a banner asks whether to allow optional cookies. “Essential only” keeps to the cookies needed to run the Services; “Accept all” also allows optional analytics cookies. Your choice is stored in the ',
            { code: 'tandem_consent' },
            ' cookie.',
          ]),
        ]),
        subsection('Changing your choice', [
          paragraph([
            'To change your choice, clear the ',
            { code: 'tandem_consent' },
            ' cookie for this site in your browser’s settings (or clear all of this site’s cookies). The next time you open a page, the banner asks again and you can choose differently.',
          ]),
        ]),
        subsection('Browser controls', [
          list([
            'Most browsers let you view, delete and block cookies, for all sites or for specific ones, in their privacy or site settings.',
            'If you block essential cookies, you can still read the public website, but you will not be able to sign in.',
            ['Clearing the ', { code: 'tandem_session' }, ' cookie signs you out on that browser.'],
          ]),
        ]),
      ],
    },
    {
      id: 'other-technologies',
      title: 'Other Technologies',
      blocks: [
        paragraph(
          'Inside the client, talent and administrator portals, your browser’s local storage remembers whether you collapsed the side menu. That preference never leaves your device and is not used to identify you. We do not use tracking pixels, fingerprinting or advertising identifiers.',
        ),
      ],
    },
    {
      id: 'changes',
      title: 'Changes to This Policy',
      blocks: [
        paragraph(
          'If we add, remove or change a cookie, we update this policy and the date at the top. If we introduce optional cookies that need your consent, the banner will ask you again.',
        ),
      ],
    },
    {
      id: 'contact',
      title: 'Contact Us',
      blocks: [
        paragraph([
          'Questions about cookies are welcome through our ',
          contactLink,
          '. Our ',
          link('Privacy Policy', paths.privacy.getHref()),
          ' explains how we handle personal data more generally.',
        ]),
      ],
    },
  ],
};
