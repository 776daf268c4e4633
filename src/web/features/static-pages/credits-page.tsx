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

// Licences checked against each package's own package.json "license" field (and PGlite's README for its dual licence).
const LIBRARIES: Library[] = [
  { name: 'React', url: 'https://react.dev', purpose: 'user interface', licences: [LICENCES.mit] },
  {
    name: 'wouter',
    url: 'https://github.com/molefrog/wouter',
    purpose: 'page routing',
    licences: [LICENCES.unlicense],
  },
  {
    name: 'TanStack Query',
    url: 'https://tanstack.com/query',
    purpose: 'loading and caching data',
    licences: [LICENCES.mit],
  },
  {
    name: 'Radix UI',
    url: 'https://www.radix-ui.com/primitives',
    purpose: 'accessible dialogs, menus and tooltips',
    licences: [LICENCES.mit],
  },
  { name: 'Tailwind CSS', url: 'https://tailwindcss.com', purpose: 'styling', licences: [LICENCES.mit] },
  { name: 'Vite', url: 'https://vite.dev', purpose: 'building the web app', licences: [LICENCES.mit] },
  { name: 'Fastify', url: 'https://fastify.dev', purpose: 'web server', licences: [LICENCES.mit] },
  {
    name: 'Drizzle ORM',
    url: 'https://orm.drizzle.team',
    purpose: 'database access',
    licences: [LICENCES.apache],
  },
  {
    name: 'PGlite',
    url: 'https://pglite.dev',
    purpose: 'embedded PostgreSQL database',
    licences: [LICENCES.apache, LICENCES.postgresql],
  },
  {
    name: 'node-postgres',
    url: 'https://node-postgres.com',
    purpose: 'PostgreSQL client',
    licences: [LICENCES.mit],
  },
  { name: 'Zod', url: 'https://zod.dev', purpose: 'data validation', licences: [LICENCES.mit] },
  { name: 'React Hook Form', url: 'https://react-hook-form.com', purpose: 'forms', licences: [LICENCES.mit] },
  {
    name: 'react-markdown',
    url: 'https://github.com/remarkjs/react-markdown',
    purpose: 'rendering activity text',
    licences: [LICENCES.mit],
  },
  {
    name: 'canvas-confetti',
    url: 'https://github.com/catdad/canvas-confetti',
    purpose: 'the results celebration',
    licences: [LICENCES.isc],
  },
  {
    name: 'qrcode.react',
    url: 'https://github.com/zpao/qrcode.react',
    purpose: 'QR codes',
    licences: [LICENCES.isc],
  },
  { name: 'PDFKit', url: 'https://pdfkit.org', purpose: 'PDF documents', licences: [LICENCES.mit] },
  {
    name: 'csv-stringify',
    url: 'https://csv.js.org/stringify/',
    purpose: 'CSV exports',
    licences: [LICENCES.mit],
  },
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
