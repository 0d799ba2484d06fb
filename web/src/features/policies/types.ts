export interface PolicySection { heading: string; paragraphs?: string[]; items?: string[] }
export interface PolicyDocument { slug: string; title: string; summary: string; lastUpdated: string; sections: PolicySection[] }
