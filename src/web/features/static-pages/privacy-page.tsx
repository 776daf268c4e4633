import { StaticPage, StaticSection as Section, TextLink } from './static-page';

const CONTACT_EMAIL = 'privacy@appliedgenailab.example';

function ContactLink() {
  return <TextLink href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</TextLink>;
}

export function PrivacyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      subtitle={
        <p className="mt-2 text-sm text-muted-foreground">
          Effective <time dateTime="2025-06-12">June 12, 2025</time>
        </p>
      }
    >
      <p className="mt-6">
        Applied GenAI Lab is a workshop tool run by the organisers of the Applied GenAI Lab programme
        (&ldquo;we&rdquo;, &ldquo;us&rdquo;). This page explains, in plain language, what information the app
        keeps, why, and what you can do about it. We collect as little as we can: there are no personal
        accounts for participants, and a workspace is reached with a short Workspace Code instead.
      </p>

      <Section id="privacy-children" title="Children under 13">
        <p>
          Applied GenAI Lab is not directed at children under 13, and we do not knowingly collect information
          from them. If you are a parent or guardian and believe a child under 13 has used the app, please ask
          the programme instructor or email us at <ContactLink />. We will delete the workspace and its
          information.
        </p>
      </Section>

      <Section id="privacy-collected" title="What we collect and why">
        <p>When you use a workspace, we store only the following:</p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong className="font-semibold">Team name</strong> and the avatar you choose, so you and your
            instructor can recognise your workspace, and so other teams in your cohort can see who made a
            website in the showcase.
          </li>
          <li>
            <strong className="font-semibold">Team code</strong> (your 4-character Workspace Code), so you can
            reopen your workspace on any device. We also store an access token, the secure-link token in your
            team&rsquo;s secure link, that lets your team return to the workspace and the showcase.
          </li>
          <li>
            <strong className="font-semibold">Phase answers</strong>: what your team types into the activity
            forms, so your work is saved and the app can build your AI prompts. Please don&rsquo;t enter
            personal details about yourself or others; the activities don&rsquo;t need them.
          </li>
          <li>
            <strong className="font-semibold">Shared facts</strong>: the answers several activities reuse
            (such as your target audience), kept once for your team so an edit in one activity shows in the
            others.
          </li>
          <li>
            <strong className="font-semibold">Cohort assignment</strong>: which cohort an instructor has
            placed your team in, so your team appears in the right showcase.
          </li>
          <li>
            <strong className="font-semibold">Submitted website URL</strong>: the address of the website your
            team submits, so the other teams in your cohort can visit and vote on it.
          </li>
          <li>
            <strong className="font-semibold">Votes</strong> (your team&rsquo;s ballot): the three websites
            your team ranks first, second and third, so we can add up the points. Results show only each
            team&rsquo;s totals, not who voted for whom.
          </li>
          <li>
            <strong className="font-semibold">Instructor feedback and requests for help</strong>: the notes an
            instructor writes on your team&rsquo;s activities (with the instructor&rsquo;s username and when,
            and whether your team marked them done), and your team&rsquo;s requests for help (the activity,
            the optional line you write, and when it was asked, answered or withdrawn), so your instructor can
            coach your team during the programme. Only your team and the instructors see them.
          </li>
          <li>
            <strong className="font-semibold">Prompts run on a model</strong> (only where your institute has
            set one up and your instructor has switched runs on): the prompt your team runs, the model&rsquo;s
            answer, the model&rsquo;s name, how many tokens it took and when, so your team, its teammates and
            the instructors can read it again. The prompt is sent to the model your institute chose (its
            provider, or a server of its own) to be answered.
          </li>
          <li>
            <strong className="font-semibold">Instructor username and hashed password</strong> (instructor
            accounts only), so instructors can sign in to the Instructor Dashboard. We never store the
            password itself, only a one-way hash of it.
          </li>
        </ul>
        <p>
          We also record when a workspace was created and last updated, so instructors can follow progress.
        </p>
        <p>A few technical things are needed for the app to work at all:</p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong className="font-semibold">Session cookies.</strong> When you open a workspace or an
            instructor signs in, we set a single session cookie. It is strictly necessary to keep you signed
            in, is marked httpOnly (scripts in the page cannot read it) and is not used for anything else.
            Beside a workspace&rsquo;s session cookie we set a second one that holds only &ldquo;1&rdquo;, so
            the page knows to ask which workspace is open; it goes when the session does.
          </li>
          <li>
            <strong className="font-semibold">Browser local storage.</strong> Your browser keeps a small
            workspace record called <code className="font-mono text-sm">workspace_meta</code> (your
            team&rsquo;s id, code, name, avatar and when you last opened it) so the app can reopen your
            workspace on this device. In practice mode (&ldquo;Try without saving&rdquo;) your answers are
            kept only in this browser and are never sent to us. You can clear this at any time in your browser
            settings.
          </li>
          <li>
            <strong className="font-semibold">Server logs.</strong> Like any web server, ours records each
            request, including your IP address, the time and the page requested. We use these logs only for
            security, fixing problems and rate limiting (for example, slowing down repeated guesses at
            Workspace Codes or passwords). Cookies are never written to the logs.
          </li>
          <li>
            <strong className="font-semibold">Addresses kept briefly in memory.</strong> To limit repeated
            attempts, the server counts requests per IP address (or per session) for about a minute, in memory
            or in a short-lived database table, and then forgets them.
          </li>
        </ul>
      </Section>

      <Section id="privacy-not-done" title="What we don't do">
        <ul className="list-disc space-y-2 pl-6">
          <li>No advertising, and no advertising or analytics cookies.</li>
          <li>We never sell or rent your information, and we don&rsquo;t share it for marketing.</li>
          <li>No third-party trackers, analytics or social media widgets.</li>
          <li>
            No external fonts or scripts: fonts, icons and images are served from our own server, so your
            browser doesn&rsquo;t contact anyone else while you use the app.
          </li>
        </ul>
      </Section>

      <Section id="privacy-ai-tools" title="AI prompts and the AI tools you use">
        <p>
          The AI prompts are put together from your answers, in your browser and on our server. We do not send
          your answers to any AI service: nothing is sent to an AI provider by the app. When you copy or
          download a prompt and paste it into an AI tool, you choose which tool to use, and that tool&rsquo;s
          own terms and privacy policy apply to what you give it. Check them before pasting anything
          sensitive.
        </p>
      </Section>

      <Section id="privacy-sharing" title="Who can see your information">
        <ul className="list-disc space-y-2 pl-6">
          <li>Anyone who has your Workspace Code or your team&rsquo;s secure link can open the workspace.</li>
          <li>
            Your programme&rsquo;s instructors can see workspaces, answers and progress, and can export them
            to run the workshop.
          </li>
          <li>
            Other teams in your cohort can see your team name, avatar and submitted website in the showcase,
            and the point totals in the results.
          </li>
        </ul>
        <p>We disclose information to anyone else only if the law requires it.</p>
      </Section>

      <Section id="privacy-retention" title="How long we keep it">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            Workspaces, with their answers, instructor feedback, requests for help, prompts run on a model,
            cohort assignment, website URL and votes, are kept for the duration of the programme, until your
            team or an instructor deletes them (see &ldquo;Deleting your data&rdquo;).
          </li>
          <li>
            Sessions expire after 30 days for teams and after 12 hours for instructors. Logging out or opening
            another workspace ends your session straight away.
          </li>
          <li>Server logs are kept only as long as needed for security and troubleshooting.</li>
        </ul>
      </Section>

      <Section id="privacy-deleting" title="Deleting your data">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong className="font-semibold">Your team</strong> can delete its own workspace: open the
            account menu at the top right, choose &ldquo;Delete workspace&rdquo; and type your team&rsquo;s
            name to confirm. Your answers, shared facts, avatar, website address, instructor feedback,
            requests for help, prompts run on a model and ballot are deleted, every session of your team ends
            and the Workspace Code stops working.
          </li>
          <li>
            <strong className="font-semibold">An instructor</strong> can delete any team the same way from the
            Instructor Dashboard, for example when you ask them to. The cohort&rsquo;s results are counted
            again without the deleted team&rsquo;s ballot.
          </li>
          <li>
            <strong className="font-semibold">A whole cohort</strong> can be deleted by an instructor once it
            is archived: its ballots are deleted and its teams stay, in no cohort, until they are deleted too.
          </li>
          <li>
            Practice answers and the <code className="font-mono text-sm">workspace_meta</code> record live
            only in your browser: clear your browser&rsquo;s site data to remove them.
          </li>
        </ul>
        <p>
          Deleting cannot be undone. If you cannot do it yourself, ask your instructor or email us at{' '}
          <ContactLink />.
        </p>
      </Section>

      <Section id="privacy-security" title="Keeping it safe">
        <p>
          Your Workspace Code is a private key: anyone who has it can open and change your workspace. Keep it
          private and share it only with your own team. Treat your team&rsquo;s secure link the same way. If
          it leaks, your instructor can give your team a new Workspace Code: the old code and link stop
          working, open sessions end, and your answers stay.
        </p>
        <p>
          We protect the app with encrypted connections (HTTPS), httpOnly session cookies, hashed instructor
          passwords and limits on repeated attempts. No system is perfectly secure, so if you think someone
          else has your code, tell your instructor.
        </p>
      </Section>

      <Section id="privacy-rights" title="Your rights">
        <p>
          You can ask to see the information we hold about your team, to correct it, or to delete it. You can
          delete your workspace yourself (see &ldquo;Deleting your data&rdquo;); otherwise ask your instructor
          or email us at <ContactLink />, and we will respond as soon as we can. You can correct most things
          yourself by editing your answers in the workspace.
        </p>
      </Section>

      <Section id="privacy-changes" title="Changes to this policy">
        <p>
          If we change this policy, we will update this page and its effective date. If a change significantly
          affects how we use your information, we will tell participants through the programme before it takes
          effect.
        </p>
      </Section>

      <Section id="privacy-contact" title="Contact">
        <p>
          The Applied GenAI Lab programme&rsquo;s organisers are responsible for this app. For any privacy
          question or request, email <ContactLink />.
        </p>
      </Section>
    </StaticPage>
  );
}
