import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Icon } from './icon';

/**
 * What a list shows when it has nothing, and what an error page shows: a quiet picture, a line
 * that says what is going on, and the next thing to do (never a dead end).
 */
export function EmptyState({
  icon,
  title,
  headingLevel = 2,
  children,
  action,
}: {
  icon: LucideIcon;
  title: string;
  headingLevel?: 1 | 2 | 3;
  children?: ReactNode;
  action?: ReactNode;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="empty-state" role={headingLevel === 1 ? undefined : 'status'}>
      <span className="empty-state-mark">
        <Icon icon={icon} size={32} />
      </span>
      <Heading className="empty-state-title">{title}</Heading>
      {children && <div className="empty-state-text">{children}</div>}
      {action && <p className="actions empty-state-action">{action}</p>}
    </div>
  );
}
