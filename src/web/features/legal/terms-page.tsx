import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/constants';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ContactEmail, LegalLayout, type LegalSection } from './legal-layout';

const SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreement to these terms',
    body: (
      <>
        <p>
          These Terms of Service ("Terms") are a contract between you and {PRODUCT_NAME}, Inc. ("
          {PRODUCT_NAME}", "we", "us"). They apply whenever you visit our website, create an account, apply to
          a campaign, create content for a brand or redeem Mint. By using {PRODUCT_NAME} you accept these
          Terms and our <Link to="/privacy">Privacy Policy</Link>. If you do not agree, please do not use the
          service.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility and your account',
    body: (
      <>
        <p>
          You must be at least 13 years old to use {PRODUCT_NAME}. If you are under the age of majority where
          you live, you may use the service only with the involvement and consent of a parent or legal
          guardian, who accepts these Terms on your behalf.
        </p>
        <ul>
          <li>
            You can sign up with an email address and password, or with Google, Facebook, X or TikTok. Every
            new account is a creator account.
          </li>
          <li>
            Keep your profile accurate and current, including your PayPal email, your social media accounts
            and follower counts, and your shipping address. Brands rely on this information.
          </li>
          <li>
            You are responsible for everything done with your account. Keep your password safe and tell us at
            once if you think someone else has used it.
          </li>
          <li>One person, one account. Accounts cannot be sold or transferred.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'campaigns',
    title: 'Campaigns and PR boxes',
    body: (
      <>
        <p>
          Brands publish campaigns on {PRODUCT_NAME}. Each campaign states its platform, its requirements, its
          application deadline and what you receive: a PR box, a reward in Mint, or both.
        </p>
        <ul>
          <li>
            Applying does not guarantee a place. Brands choose creators, and may consider your platform,
            audience and follower count.
          </li>
          <li>
            When you are accepted, the brand ships your PR box to the address in your profile. Products you
            receive are yours to keep unless the campaign clearly says otherwise.
          </li>
          <li>
            You may withdraw an application before you are accepted. After acceptance, please complete the
            campaign or tell us as soon as possible if you cannot.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Your content',
    body: (
      <>
        <p>
          You create and post the content on your own social media account. Unless a campaign says otherwise,
          you must upload your content and submit the link to your post within 7 days after the campaign's
          application deadline (the upload deadline shown on the campaign page).
        </p>
        <ul>
          <li>
            Your content must be original, follow the campaign's requirements and the rules of the platform
            you post on, and clearly disclose the partnership (for example with #ad or the platform's
            paid-partnership label).
          </li>
          <li>
            You keep ownership of your content. You give the brand of the campaign and {PRODUCT_NAME} a
            non-exclusive, worldwide, royalty-free licence to view, share and feature the content you submit
            for that campaign, with credit to you, for the promotion of the campaign and of {PRODUCT_NAME}.
          </li>
          <li>
            Brands review submissions. They may approve your content or ask for changes that match the
            campaign's requirements. An accepted application without content by the upload deadline is marked
            as missed.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'mint',
    title: 'Mint rewards and redemption',
    body: (
      <>
        <p>
          Mint is the reward unit of {PRODUCT_NAME}. One Mint is worth one US dollar (1 Mint = 1 USD). Mint is
          credited to your balance when your content for a paid campaign is approved.
        </p>
        <ul>
          <li>
            You can redeem your Mint for cash through PayPal once your balance is at least 50 Mint. Payouts
            are sent to the PayPal email in your profile.
          </li>
          <li>Redemption requests are processed within 5-7 business days.</li>
          <li>
            If a payout fails (for example because the PayPal account cannot receive it), the Mint is returned
            to your balance.
          </li>
          <li>
            Mint has no value outside {PRODUCT_NAME}, cannot be transferred to another person and does not
            earn interest. We may reverse Mint credited by mistake or obtained through fraud or a breach of
            these Terms.
          </li>
          <li>You are responsible for any taxes that apply to the rewards you receive.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>Please use {PRODUCT_NAME} honestly and respectfully. You must not:</p>
        <ul>
          <li>give false information, impersonate anyone or inflate your follower counts or engagement;</li>
          <li>resell PR boxes received for a campaign you did not complete;</li>
          <li>post content that is unlawful, hateful, harassing, sexually explicit or misleading;</li>
          <li>
            try to break, overload or get around the security of the service, or collect data from it by
            automated means without our permission.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'third-parties',
    title: 'Third-party services',
    body: (
      <p>
        {PRODUCT_NAME} works with services run by others, such as Google, Facebook, X and TikTok for sign-in
        and PayPal for payouts. Their own terms and privacy policies apply to your use of them, and we are not
        responsible for them.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and closing your account',
    body: (
      <p>
        You can stop using {PRODUCT_NAME} and ask us to close your account at any time. We may suspend or
        close an account that breaks these Terms or puts brands, creators or the service at risk. When an
        account is closed in good standing, you can still redeem any balance of 50 Mint or more.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers and limitation of liability',
    body: (
      <>
        <p>
          We work hard to keep {PRODUCT_NAME} running well, but the service is provided "as is" and "as
          available". We do not promise that a campaign will accept you, that a brand will ship on a given
          date or that the service will always be free of errors.
        </p>
        <p>
          To the extent the law allows, {PRODUCT_NAME} is not liable for indirect or consequential losses, and
          our total liability to you for any claim is limited to the greater of the Mint credited to your
          account in the previous 12 months or 100 US dollars. Nothing in these Terms limits rights you have
          under consumer law that cannot be limited.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these Terms as the service grows. When we make an important change, we will tell you by
        email or in the app before it takes effect. The date at the top of this page shows when they last
        changed.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    body: (
      <p>
        These Terms are governed by the laws of the State of California, United States, without regard to its
        conflict of law rules. Before starting any formal dispute, please contact us: most concerns can be
        resolved quickly.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Questions',
    body: (
      <p>
        Questions about these Terms? Email us at <ContactEmail /> or write to us at the postal address below.
      </p>
    ),
  },
];

/** /terms */
export function TermsPage() {
  useDocumentTitle(
    'Terms of Service',
    `The terms that apply when you use ${PRODUCT_NAME}, join campaigns and redeem Mint.`,
  );
  return (
    <LegalLayout
      title="Terms of Service"
      intro={
        <p>
          Welcome to {PRODUCT_NAME}, the marketplace where creators join gifting campaigns from brands,
          receive PR boxes and earn Mint for their content. These terms explain what you can expect from us
          and what we expect from you.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
