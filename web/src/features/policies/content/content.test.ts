import { describe, expect, it } from 'vitest'
import type { PolicyDocument } from '../types'
import { policyDocuments, type PolicySlug } from './index'

const expectedTitles: Record<PolicySlug, string> = {
  'terms-of-service': 'Terms of Service',
  'privacy-policy': 'Privacy Policy',
  'copyright-policy': 'Copyright & DMCA Policy',
  community: 'Community Guidelines',
  'cookie-policy': 'Cookie Policy',
  'music-licensing': 'Music Licensing',
  'accessibility-statement': 'Accessibility Statement',
}

const slugs = Object.keys(expectedTitles) as PolicySlug[]

function flatten(doc: PolicyDocument): string {
  return [
    doc.title,
    doc.summary,
    ...doc.sections.flatMap((s) => [s.heading, ...(s.paragraphs ?? []), ...(s.items ?? [])]),
  ].join('\n')
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length
}

describe('policy documents', () => {
  it('has exactly the seven policy slugs, each matching its key', () => {
    expect(Object.keys(policyDocuments).sort()).toEqual([...slugs].sort())
    for (const slug of slugs) {
      expect(policyDocuments[slug]).toBeDefined()
      expect(policyDocuments[slug].slug).toBe(slug)
    }
  })

  it.each(slugs)('%s has a title, summary, date and well-formed sections', (slug) => {
    const doc = policyDocuments[slug]
    expect(doc.title).toBe(expectedTitles[slug])
    expect(doc.summary.trim().length).toBeGreaterThan(20)
    expect(doc.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(Number.isNaN(Date.parse(doc.lastUpdated))).toBe(false)
    expect(doc.sections.length).toBeGreaterThanOrEqual(5)
    expect(doc.sections.length).toBeLessThanOrEqual(12)
    for (const section of doc.sections) {
      expect(section.heading.trim()).not.toBe('')
      const entries = [...(section.paragraphs ?? []), ...(section.items ?? [])]
      expect(entries.length).toBeGreaterThan(0)
      for (const entry of entries) expect(entry.trim()).not.toBe('')
    }
    const headings = doc.sections.map((s) => s.heading)
    expect(new Set(headings).size).toBe(headings.length)
  })

  it.each(slugs)('%s has no placeholder text and stays a readable length', (slug) => {
    const text = flatten(policyDocuments[slug])
    expect(text).not.toMatch(/lorem ipsum|\bTODO\b|\bTBD\b|\bFIXME\b|\bXXX\b/i)
    expect(text).not.toMatch(/\[[^\]]*\]|\{\{|\}\}|_{3,}/)
    expect(text).toContain('Backbeat')
    expect(wordCount(text)).toBeLessThanOrEqual(1700)
  })

  const text = (slug: PolicySlug) => flatten(policyDocuments[slug])

  it('copyright policy states the DMCA timelines and repeat-infringer rule', () => {
    const t = text('copyright-policy')
    expect(t).toContain('24-48 hours')
    expect(t).toContain('5 business days')
    expect(t).toContain('10 business days')
    expect(t).toMatch(/repeat infringers lose their accounts/i)
    expect(t).toContain('counter-notice')
  })

  it('cookie policy states the retention periods', () => {
    const t = text('cookie-policy')
    expect(t).toContain('2 years')
    expect(t).toContain('1 year')
  })

  it('terms state notice periods, suspensions, appeals, plans and earnings', () => {
    const t = text('terms-of-service')
    expect(t).toMatch(/30 days’ notice/)
    expect(t).toContain('7-30 days')
    expect(t).toContain('within 30 days')
    expect(t).toContain('5-7 business days')
    for (const fact of [
      '$4.99',
      '$9.99',
      '50 uploads',
      '100 uploads',
      'unlimited uploads',
      '128 kbps',
      '320 kbps',
      'FLAC',
      '2.10 EUR',
      '1,000 counted plays',
      'no platform fee',
      '30 minutes',
      '5.00 EUR',
      'PayPal',
      'bank transfer',
      'argon2id',
      'TOTP',
      'support@backbeat.example',
    ]) {
      expect(t).toContain(fact)
    }
    expect(t).toMatch(/returns your account to the free plan/)
    expect(t).toMatch(/email address cannot be changed in the app/i)
  })

  it('community guidelines cover conduct, enforcement and appeals', () => {
    const t = text('community')
    expect(t).toContain('30 days')
    expect(t).toContain('5-7 business days')
    expect(t).toContain('7-30 days')
    for (const topic of ['Hate', 'Harassment', 'Impersonation', 'Spam', 'Play farming', 'Warning', 'Removal', 'Suspension', 'Termination']) {
      expect(t).toContain(topic)
    }
    expect(t).toMatch(/report/i)
  })

  it('music licensing covers ownership, licences and audio standards', () => {
    const t = text('music-licensing')
    expect(t).toContain('320kbps')
    for (const format of ['WAV', 'FLAC', 'OGG', 'MP3']) expect(t).toContain(format)
    expect(t).toContain('non-exclusive')
    expect(t).toMatch(/host/)
    expect(t).toMatch(/transcode/)
    expect(t).toMatch(/stream/)
    expect(t).toMatch(/samples?/i)
    expect(t).toMatch(/collaborator/i)
    expect(t).toContain('personal, non-commercial')
    expect(t).toMatch(/redistribution/)
  })

  it('privacy policy covers data, rights and contact', () => {
    const t = text('privacy-policy')
    expect(t).toMatch(/do not sell your personal data/i)
    expect(t).toContain('support@backbeat.example')
    for (const right of ['Access', 'Correction', 'Deletion', 'Export']) expect(t).toContain(right)
    for (const item of ['listening history', 'friends activity', 'Payout details', 'impressions', 'Server logs', 'argon2id']) {
      expect(t).toContain(item)
    }
  })

  it('accessibility statement covers the target, keyboard use and reporting', () => {
    const t = text('accessibility-statement')
    expect(t).toContain('WCAG 2.2')
    expect(t).toContain('AA')
    expect(t).toMatch(/Space plays or pauses/)
    expect(t).toMatch(/arrow keys/)
    expect(t).toContain('accessibility@backbeat.example')
    expect(t).toContain('5-7 business days')
    expect(t).toMatch(/captions/i)
    expect(t).toMatch(/Known limitations/)
  })

  it('states the shared facts consistently across documents', () => {
    const all = slugs.map(text).join('\n')
    const prices = all.match(/\$\d+(?:\.\d{2})?/g) ?? []
    for (const price of prices) expect(['$0', '$4.99', '$9.99']).toContain(price)
    const rates = all.match(/\d+\.\d{2} EUR per 1,000/g) ?? []
    expect(rates.length).toBeGreaterThan(0)
    for (const rate of rates) expect(rate).toBe('2.10 EUR per 1,000')
    const businessDayRanges = all.match(/\d+-\d+ business days/g) ?? []
    for (const range of businessDayRanges) expect(range).toBe('5-7 business days')
    const dayRanges = all.match(/\d+-\d+ days/g) ?? []
    for (const range of dayRanges) expect(range).toBe('7-30 days')
  })
})
