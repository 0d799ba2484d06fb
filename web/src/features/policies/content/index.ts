import type { PolicyDocument } from '../types'
import { accessibilityStatement } from './accessibilityStatement'
import { communityGuidelines } from './communityGuidelines'
import { cookiePolicy } from './cookiePolicy'
import { copyrightPolicy } from './copyrightPolicy'
import { musicLicensing } from './musicLicensing'
import { privacyPolicy } from './privacyPolicy'
import { termsOfService } from './termsOfService'

export type PolicySlug =
  | 'terms-of-service'
  | 'privacy-policy'
  | 'copyright-policy'
  | 'community'
  | 'cookie-policy'
  | 'music-licensing'
  | 'accessibility-statement'

export const policyDocuments: Record<PolicySlug, PolicyDocument> = {
  'terms-of-service': termsOfService,
  'privacy-policy': privacyPolicy,
  'copyright-policy': copyrightPolicy,
  community: communityGuidelines,
  'cookie-policy': cookiePolicy,
  'music-licensing': musicLicensing,
  'accessibility-statement': accessibilityStatement,
}

export {
  accessibilityStatement,
  communityGuidelines,
  cookiePolicy,
  copyrightPolicy,
  musicLicensing,
  privacyPolicy,
  termsOfService,
}
