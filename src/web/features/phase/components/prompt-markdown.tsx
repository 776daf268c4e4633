import * as React from 'react';
import Markdown, { type Components, type Options } from 'react-markdown';
import { type HastNode, markPlaceholders } from '../lib/mark-placeholders';

const rehypeMarkPlaceholders = () => (tree: HastNode) => markPlaceholders(tree);

/** Light markdown, styled with the design tokens; raw HTML is never rendered (the answers are untrusted). */
const components: Components = {
  h1: ({ children }) => <h3 className="mt-1 mb-3 text-lg font-bold">{children}</h3>,
  h2: ({ children }) => <h4 className="mt-5 mb-2 text-base font-semibold">{children}</h4>,
  h3: ({ children }) => <h5 className="mt-4 mb-2 text-sm font-semibold">{children}</h5>,
  h4: ({ children }) => <h6 className="mt-3 mb-1 text-sm font-semibold">{children}</h6>,
  p: ({ children }) => <p className="my-2 leading-relaxed">{children}</p>,
  ul: ({ children }) => <ul className="my-2 list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-2 list-decimal space-y-1 pl-5">{children}</ol>,
  blockquote: ({ children }) => (
    <blockquote className="my-3 border-l-4 border-primary/40 pl-3 text-muted-foreground">
      {children}
    </blockquote>
  ),
  code: ({ children }) => (
    <code className="rounded bg-surface px-1 py-0.5 font-mono text-[0.85em]">{children}</code>
  ),
  pre: ({ children }) => (
    <pre className="my-3 overflow-x-auto rounded-md border border-border bg-surface p-3 text-xs">
      {children}
    </pre>
  ),
  hr: () => <hr className="my-4 border-border" />,
  table: ({ children }) => (
    <div className="my-3 overflow-x-auto">
      <table className="w-full border-collapse text-xs">{children}</table>
    </div>
  ),
  th: ({ children }) => <th className="border border-border bg-surface px-2 py-1 text-left">{children}</th>,
  td: ({ children }) => <td className="border border-border px-2 py-1 align-top">{children}</td>,
  a: ({ children, href }) => (
    <a href={href} className="text-primary underline" target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  mark: ({ children }) => (
    <mark className="rounded bg-accent-soft px-0.5 font-mono text-[0.85em] text-accent-foreground ring-1 ring-accent/40">
      {children}
    </mark>
  ),
};

const rehypePlugins = [rehypeMarkPlaceholders] as unknown as Options['rehypePlugins'];

/**
 * The prompt as light markdown. Its own chunk: the markdown parser loads after the form is usable. Parsing
 * is the costliest render on the page, so it runs again only when the prompt changes, not on every render
 * of the page around it (a save status, a query settling).
 */
function PromptMarkdown({ prompt }: { prompt: string }) {
  return (
    <Markdown skipHtml components={components} rehypePlugins={rehypePlugins}>
      {prompt}
    </Markdown>
  );
}

export default React.memo(PromptMarkdown);
