import type { MemberRole } from '@mepedia/contracts';
import { isUuid, newId, type Db } from '@mepedia/server-database';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { memberRoles, roleChanges, users, type RoleAction } from './users.schema';

/** A member as the roles see them: who, and whether they finished verifying. */
export type RoleSubject = { id: string; email: string; verified: boolean };

export type RoleHolder = {
  userId: string;
  email: string;
  fullname: string;
  role: MemberRole;
  grantedAt: Date;
  grantedBy: string;
};

export type RoleChange = {
  id: string;
  /** Null once the member's account is gone: the audit forgets whose it was. */
  userId: string | null;
  email: string | null;
  role: MemberRole;
  action: RoleAction;
  actor: string;
  at: Date;
};

export type RolesStore = Pick<RolesRepository, keyof RolesRepository>;

/** Data access for roles and their audit: no rules (roles.service.ts decides). */
export class RolesRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: RolesStore) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new RolesRepository(tx)));
  }

  /**
   * The member with this (lower-cased) email, locked until the transaction ends: two grants or
   * revokes of one member's roles run one after the other, and the audit follows their order.
   */
  async lockMemberByEmail(email: string): Promise<RoleSubject | undefined> {
    const [row] = await this.db
      .select({ id: users.id, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, email))
      .for('update');
    return row && { id: row.id, email: row.email, verified: row.emailVerifiedAt !== null };
  }

  async rolesOf(userId: string): Promise<MemberRole[]> {
    if (!isUuid(userId)) return [];
    const rows = await this.db
      .select({ role: memberRoles.role })
      .from(memberRoles)
      .where(eq(memberRoles.userId, userId))
      .orderBy(asc(memberRoles.role));
    return rows.map((row) => row.role);
  }

  /** Give the role; false when the member held it already (nothing written). */
  async insertRole(userId: string, role: MemberRole, at: Date, by: string): Promise<boolean> {
    const rows = await this.db
      .insert(memberRoles)
      .values({ userId, role, grantedAt: at, grantedBy: by })
      .onConflictDoNothing()
      .returning({ userId: memberRoles.userId });
    return rows.length > 0;
  }

  /** Take the role away; false when the member did not hold it. */
  async deleteRole(userId: string, role: MemberRole): Promise<boolean> {
    const rows = await this.db
      .delete(memberRoles)
      .where(and(eq(memberRoles.userId, userId), eq(memberRoles.role, role)))
      .returning({ userId: memberRoles.userId });
    return rows.length > 0;
  }

  async appendChange(
    change: Omit<RoleChange, 'id' | 'email' | 'userId'> & { userId: string },
  ): Promise<void> {
    await this.db.insert(roleChanges).values({ id: newId(change.at.getTime()), ...change });
  }

  /** Every role held, by role, then by email. */
  async holders(): Promise<RoleHolder[]> {
    return this.db
      .select({
        userId: memberRoles.userId,
        email: users.email,
        fullname: sql<string>`${users.firstname} || ' ' || ${users.lastname}`,
        role: memberRoles.role,
        grantedAt: memberRoles.grantedAt,
        grantedBy: memberRoles.grantedBy,
      })
      .from(memberRoles)
      .innerJoin(users, eq(users.id, memberRoles.userId))
      .orderBy(asc(memberRoles.role), asc(users.email));
  }

  /** The newest `limit` grants and revokes, newest first. */
  async recentChanges(limit: number): Promise<RoleChange[]> {
    return this.db
      .select({
        id: roleChanges.id,
        userId: roleChanges.userId,
        email: users.email,
        role: roleChanges.role,
        action: roleChanges.action,
        actor: roleChanges.actor,
        at: roleChanges.at,
      })
      .from(roleChanges)
      .leftJoin(users, eq(users.id, roleChanges.userId))
      .orderBy(desc(roleChanges.at), desc(roleChanges.id))
      .limit(limit);
  }
}
