import { REACTIONS, type PostSummary } from '@mepedia/contracts';
import { Bell, Inbox, Menu, Search } from 'lucide-react';
import { useState } from 'react';
import { data } from 'react-router';
import { Avatar } from '../components/avatar';
import { Byline } from '../components/byline';
import { EmptyState } from '../components/empty-state';
import { Field } from '../components/field';
import { RadioGroup } from '../components/ui/radio-group';
import { Icon } from '../components/icon';
import { PostCard } from '../components/post-card';
import { ReactionIcon } from '../components/reaction-icons';
import { useToasts } from '../components/toasts';
import { Dialog } from '../components/ui/dialog';
import { Pagination } from '../components/ui/pagination';
import { Skeleton } from '../components/ui/skeleton';
import { Tabs } from '../components/ui/tabs';
import type { Route } from './+types/design';

// The design system's gallery (docs/design.md): every token and component, at /design (left to
// right) and /he/design (right to left). For development: production answers 404, and no page
// links here. Its words are not translated: it is a tool for the people who build the site.

export function loader({ context }: Route.LoaderArgs) {
  if (context.web.production) throw data(null, { status: 404 });
  return null;
}

export const meta: Route.MetaFunction = () => [
  { title: 'Design system | Mepedia' },
  { name: 'robots', content: 'noindex' },
];

const COLOURS = [
  'paper',
  'card',
  'sunken',
  'ink',
  'muted',
  'accent',
  'accent-soft',
  'highlight',
  'line',
  'placeholder',
  'danger',
  'success',
  'focus',
];
const TYPE = ['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl'];
const SPACE = [1, 2, 3, 4, 5, 6, 7, 8];

const SAMPLE: PostSummary = {
  postId: 'sample',
  title: 'The summer we built the boat',
  image: '/memorial-footer.jpg',
  credit: 'Family album',
  privacy: 'public',
  destination: 'magazine',
  publisherId: 'sample',
  publisher: { id: 'sample', fullname: 'יוסי כהן', profileImage: null },
  questionId: null,
  views: 12,
  likes: 3,
  shareCount: 0,
  readingMinutes: 4,
  createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  updatedAt: new Date().toISOString(),
  excerpt:
    'My father and I built a wooden boat in the yard, one plank every Saturday, until the whole street came to see it sail. It leaked, and we loved it anyway, and every summer after that we mended it again.',
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="section design-section" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

export default function Design() {
  const toasts = useToasts();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [privacy, setPrivacy] = useState<'public' | 'private'>('public');
  return (
    <div className="page">
      <h1>Design system</h1>
      <p className="lead">
        Tokens and components, as every page uses them. This page in the other direction:{' '}
        <a href="/he/design">עברית</a> / <a href="/design">English</a>.
      </p>

      <Section title="Colour">
        <ul className="design-swatches">
          {COLOURS.map((name) => (
            <li key={name}>
              <span className={`design-swatch design-swatch-${name}`} />
              <code>--{name}</code>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Type">
        {TYPE.map((size) => (
          <p key={size} className={`design-text-${size}`}>
            --text-{size}: Everyone has a story · לכל אחד יש סיפור
          </p>
        ))}
        <p className="prose">Reading (serif): the prose of stories and answers. פרוזה לקריאה.</p>
      </Section>

      <Section title="Space">
        <ul className="design-space">
          {SPACE.map((step) => (
            <li key={step}>
              <span className={`design-space-bar design-space-${step}`} />
              <code>--space-{step}</code>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Buttons and links">
        <p className="actions">
          <button type="button" className="button">
            Primary
          </button>
          <button type="button" className="button button-secondary">
            Secondary
          </button>
          <button type="button" className="button button-ghost">
            Ghost
          </button>
          <button type="button" className="button button-danger">
            Danger
          </button>
          <button type="button" className="button" disabled>
            Disabled
          </button>
          <button type="button" className="icon-button" aria-label="Menu">
            <Icon icon={Menu} size={22} />
          </button>
          <button type="button" className="icon-button" aria-label="Notifications">
            <Icon icon={Bell} size={22} />
          </button>
          <a href="#links">A link in text</a>
        </p>
      </Section>

      <Section title="Fields">
        <form className="form design-form" onSubmit={(event) => event.preventDefault()}>
          <Field label="Name" name="design-name" hint="As people know you." />
          <Field label="Email" name="design-email" type="email" error="Email is not valid" />
          <div className="field">
            <label htmlFor="design-select">Country</label>
            <select id="design-select" defaultValue="IL">
              <option value="IL">Israel</option>
              <option value="GB">United Kingdom</option>
            </select>
          </div>
          <RadioGroup
            legend="Who may read it"
            name="design-privacy"
            inline
            options={[
              { value: 'public', label: 'Everyone' },
              { value: 'private', label: 'Only me' },
            ]}
            value={privacy}
            onChange={setPrivacy}
            hint="You can change it later."
          />
          <div className="header-search">
            <Icon icon={Search} size={18} />
            <input type="search" aria-label="Search" placeholder="Search people" />
          </div>
        </form>
      </Section>

      <Section title="Cards, avatars and bylines">
        <ul className="card-grid">
          <li className="card-grid-featured">
            <PostCard post={SAMPLE} featured />
          </li>
          <li>
            <PostCard
              post={{ ...SAMPLE, postId: 'b', title: 'הקיץ שבו בנינו סירה', image: '' }}
              comments={1234}
            />
          </li>
          <li>
            <PostCard post={{ ...SAMPLE, postId: 'c', image: '/no-such-image.jpg' }} />
          </li>
          <li>
            {/* No picture of its own: a typographic cover, its tint drawn from its id. */}
            <PostCard post={{ ...SAMPLE, postId: 'd', image: '' }} comments={2} />
          </li>
        </ul>
        <p className="actions">
          <Avatar name="Dana Levi" image={null} size="sm" />
          <Avatar name="Dana Levi" image={null} />
          <Avatar name="יוסי כהן" image={null} size="lg" />
          <Avatar name="Memorial" image="/memorial-footer.jpg" size="lg" />
        </p>
        <Byline name="Dana Levi" date={SAMPLE.createdAt} relative />
        <Byline name="יוסי כהן" date={SAMPLE.createdAt} />
      </Section>

      <Section title="Reactions">
        <p className="actions">
          {REACTIONS.map(({ name }) => (
            <span key={name} className="reaction">
              <ReactionIcon name={name} />
            </span>
          ))}
        </p>
      </Section>

      <Section title="Tabs">
        <Tabs
          label="Profile sections"
          tabs={[
            { id: 'about', label: 'About', content: <p>About this person.</p> },
            { id: 'posts', label: 'Posts', content: <p>Their posts.</p> },
            { id: 'answers', label: 'Answers', content: <p>Their answers.</p> },
          ]}
        />
      </Section>

      <Section title="Dialog and toast">
        <p className="actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setDialogOpen(true)}
          >
            Open a dialog
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => toasts.success('Saved')}
          >
            Show a toast
          </button>
        </p>
        <Dialog
          open={dialogOpen}
          title="Delete this post?"
          onClose={() => setDialogOpen(false)}
          actions={
            <>
              <button
                type="button"
                className="button button-danger"
                onClick={() => setDialogOpen(false)}
              >
                Delete
              </button>
              <button
                type="button"
                className="button button-ghost"
                onClick={() => setDialogOpen(false)}
              >
                Keep it
              </button>
            </>
          }
        >
          <p>It goes from your profile and the magazine. This cannot be undone.</p>
        </Dialog>
      </Section>

      <Section title="Empty state, skeleton, pagination">
        <EmptyState
          icon={Inbox}
          title="Nothing here yet"
          action={
            <a className="button" href="#links">
              Do the next thing
            </a>
          }
        >
          <p>Every list says what to do when it is empty.</p>
        </EmptyState>
        <div className="design-skeleton" aria-busy="true">
          <Skeleton shape="media" />
          <Skeleton shape="title" />
          <Skeleton />
          <Skeleton shape="short" />
        </div>
        <Pagination previous="/design?page=1" next="/design?page=3" status="Page 2" />
      </Section>
    </div>
  );
}
