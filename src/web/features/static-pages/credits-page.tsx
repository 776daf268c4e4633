import { StaticPage, StaticSection, TextLink as ExternalLink } from './static-page';

type Licence = { name: string; url: string };

const LICENCES = {
  mit: { name: 'MIT License', url: 'https://opensource.org/license/mit' },
  isc: { name: 'ISC License', url: 'https://opensource.org/license/isc-license-txt' },
  unlicense: { name: 'The Unlicense', url: 'https://unlicense.org' },
  apache: { name: 'Apache License 2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
  postgresql: { name: 'PostgreSQL License', url: 'https://opensource.org/license/postgresql' },
  ccBy: {
    name: 'Creative Commons Attribution 4.0 (CC BY 4.0)',
    url: 'https://creativecommons.org/licenses/by/4.0/',
  },
  ofl: {
    name: 'SIL Open Font License 1.1',
    url: 'https://openfontlicense.org/open-font-license-official-text/',
  },
} satisfies Record<string, Licence>;

type Library = { name: string; url: string; purpose: string; licences: Licence[] };

const library = (name: string, url: string, purpose: string, ...licences: Licence[]): Library => ({
  name,
  url,
  purpose,
  licences,
});

// Licences checked against each package's own package.json "license" field (and PGlite's README for its dual licence).
const LIBRARIES: Library[] = [
  library('React', 'https://react.dev', 'user interface', LICENCES.mit),
  library('wouter', 'https://github.com/molefrog/wouter', 'page routing', LICENCES.unlicense),
  library('TanStack Query', 'https://tanstack.com/query', 'loading and caching data', LICENCES.mit),
  library(
    'Radix UI',
    'https://www.radix-ui.com/primitives',
    'accessible dialogs, menus and tooltips',
    LICENCES.mit,
  ),
  library('Tailwind CSS', 'https://tailwindcss.com', 'styling', LICENCES.mit),
  library('Vite', 'https://vite.dev', 'building the web app', LICENCES.mit),
  library('Fastify', 'https://fastify.dev', 'web server', LICENCES.mit),
  library('Drizzle ORM', 'https://orm.drizzle.team', 'database access', LICENCES.apache),
  library(
    'PGlite',
    'https://pglite.dev',
    'embedded PostgreSQL database',
    LICENCES.apache,
    LICENCES.postgresql,
  ),
  library('node-postgres', 'https://node-postgres.com', 'PostgreSQL client', LICENCES.mit),
  library('Zod', 'https://zod.dev', 'data validation', LICENCES.mit),
  library('React Hook Form', 'https://react-hook-form.com', 'forms', LICENCES.mit),
  library(
    'react-markdown',
    'https://github.com/remarkjs/react-markdown',
    'rendering activity text',
    LICENCES.mit,
  ),
  library(
    'canvas-confetti',
    'https://github.com/catdad/canvas-confetti',
    'the results celebration',
    LICENCES.isc,
  ),
  library('qrcode.react', 'https://github.com/zpao/qrcode.react', 'QR codes', LICENCES.isc),
  library('PDFKit', 'https://pdfkit.org', 'PDF documents', LICENCES.mit),
  library('csv-stringify', 'https://csv.js.org/stringify/', 'CSV exports', LICENCES.mit),
];

function LicenceLinks({ licences }: { licences: Licence[] }) {
  return (
    <>
      {licences.map((licence, index) => (
        <span key={licence.url}>
          {index > 0 && ' or '}
          <ExternalLink href={licence.url}>{licence.name}</ExternalLink>
        </span>
      ))}
    </>
  );
}

export function CreditsPage() {
  return (
    <StaticPage title="Credits">
      <p className="mt-4 text-muted-foreground">
        Applied GenAI Lab is built on the generous work of artists, type designers and open-source
        maintainers. Thank you. Everything listed here is bundled with the app and served from our own server:
        nothing is loaded from a third-party site.
      </p>

      <StaticSection id="credits-images" title="Images">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            The team avatar images are from{' '}
            <ExternalLink href="https://github.com/jdecked/twemoji">Twemoji</ExternalLink>, © Twitter, Inc.
            and other contributors. The graphics are licensed under{' '}
            <ExternalLink href={LICENCES.ccBy.url}>{LICENCES.ccBy.name}</ExternalLink> and are distributed
            through the npm package{' '}
            <ExternalLink href="https://www.npmjs.com/package/@twemoji/svg">@twemoji/svg</ExternalLink>.
          </li>
        </ul>
      </StaticSection>

      <StaticSection id="credits-fonts-icons" title="Fonts and icons">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            The typeface is <ExternalLink href="https://rsms.me/inter/">Inter</ExternalLink> by Rasmus
            Andersson, licensed under <ExternalLink href={LICENCES.ofl.url}>{LICENCES.ofl.name}</ExternalLink>
            . It is self-hosted through the{' '}
            <ExternalLink href="https://fontsource.org/fonts/inter">@fontsource-variable/inter</ExternalLink>{' '}
            package.
          </li>
          <li>
            Icons are from <ExternalLink href="https://lucide.dev">Lucide</ExternalLink>, licensed under the{' '}
            <ExternalLink href={LICENCES.isc.url}>{LICENCES.isc.name}</ExternalLink>.
          </li>
        </ul>
      </StaticSection>

      <StaticSection id="credits-software" title="Software">
        <p>These open-source libraries power the app. Each is used under its own licence.</p>
        <ul className="list-disc space-y-2 pl-6">
          {LIBRARIES.map((library) => (
            <li key={library.name}>
              <ExternalLink href={library.url}>{library.name}</ExternalLink>{' '}
              <span className="text-muted-foreground">({library.purpose})</span>:{' '}
              <LicenceLinks licences={library.licences} />
            </li>
          ))}
        </ul>
      </StaticSection>

      <StaticSection id="credits-original" title="Original content">
        <p>
          The activity content (the eight phases, their guidance and prompt templates) and the STEM toys
          market analysis are original works of the Applied GenAI Lab team.
        </p>
      </StaticSection>
    </StaticPage>
  );
}
