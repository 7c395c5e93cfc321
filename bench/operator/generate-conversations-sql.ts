/**
 * The conversations of the operator-size data set (issue 28: the admins' inbox is a screen of the operator's day), run
 * after `operatorSql` in the same transaction. Written as the app writes them (services/conversations): one
 * conversation per application, messages alternating creator and team, the conversation's kept figures
 * (`last_message_id`, `last_message_at`, `waiting_since`) as `refreshConversation` computes them, each team reply to a
 * waiting creator marked with `answered_waiting_since`, and the readers' marks in `conversation_reads`.
 *
 * Sizes at full scale: a fifth of the applications (60,000) plus every application of the first ten creators have a
 * conversation; 2-9 messages each (about 5 on average, 300,000 in all); one in ten ends with the creator's message
 * (waiting for the team, about 6,000); the admin has read nine in ten to the end, the creators seven in ten. The
 * biggest campaigns get the most conversations, as they get the most applications.
 */
export const CONVERSATION_SHARE = 5;

export function conversationsSql(adminId: string, adminFirstName: string): string[] {
  const admin = adminId.replaceAll("'", "''");
  const adminName = adminFirstName.replaceAll("'", "''");
  // Messages per conversation: an even count (2, 4, 6, 8: the team answered last) for nine in ten, one more (the
  // creator wrote last and waits) for the tenth.
  const messages = `(2 * (1 + (c.id * 7) % 4) + case when c.id % 10 = 0 then 1 else 0 end)`;
  return [
    `insert into conversations (id, application_id, influencer_id, campaign_id, created_at)
     overriding system value
     select row_number() over (order by a.id), a.id, a.influencer_id, a.campaign_id, a.created_at + interval '1 day'
     from applications a where a.id % ${CONVERSATION_SHARE} = 0 or a.influencer_id <= 10`,
    // Message k (1-based) of a conversation: odd by the creator, even by the team, three hours apart; ids ascend with
    // time within each conversation, as the app writes them.
    `insert into conversation_messages (conversation_id, author_user_id, author_role, author_name, body, created_at,
                                        answered_waiting_since)
     select c.id,
            case when k % 2 = 1 then i.auth_user_id else '${admin}' end,
            case when k % 2 = 1 then 'creator' else 'team' end,
            case when k % 2 = 1 then i.name else '${adminName}' end,
            case when k % 2 = 1
                 then 'Hi team, a question about ' || camp.name || ' (message ' || k || '): when does my box ship?'
                 else 'Hello ' || i.name || ', thanks for writing. Your ' || camp.brand || ' box is on its way.' end,
            c.created_at + k * interval '3 hours',
            case when k % 2 = 0 then c.created_at + (k - 1) * interval '3 hours' end
     from conversations c
     join influencers i on i.id = c.influencer_id
     join campaigns camp on camp.id = c.campaign_id
     cross join lateral generate_series(1, ${messages}) k
     order by c.id, k`,
    `update conversations c set
       last_message_id = m.last_id,
       last_message_at = m.last_at,
       waiting_since = case when m.last_role = 'creator' then m.last_at end
     from (select distinct on (conversation_id) conversation_id, id as last_id, created_at as last_at,
                  author_role as last_role
           from conversation_messages order by conversation_id, id desc) m
     where m.conversation_id = c.id`,
    // The admin has read nine conversations in ten to their last message; the creators seven in ten.
    `insert into conversation_reads (conversation_id, user_id, last_read_message_id, read_at)
     select c.id, '${admin}', c.last_message_id, c.last_message_at + interval '1 hour'
     from conversations c where c.id % 10 <> 3`,
    `insert into conversation_reads (conversation_id, user_id, last_read_message_id, read_at)
     select c.id, i.auth_user_id, c.last_message_id, c.last_message_at + interval '2 hours'
     from conversations c join influencers i on i.id = c.influencer_id where c.id % 10 < 7`,
    `insert into saved_replies (title, body, created_by_user_id)
     select 'Saved reply ' || g, 'Thanks for your message. This is saved reply ' || g || '.', '${admin}'
     from generate_series(1, 20) g`,
    ...['conversations', 'conversation_messages', 'saved_replies'].map(
      (table) => `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
    ),
  ];
}

/** The conversations' invariants: the kept figures equal what `refreshConversation` computes from the messages. */
export const conversationChecks: Array<[string, string]> = [
  [
    'conversation figures',
    `select count(*)::int as n from conversations c
     where c.last_message_id is distinct from (select max(m.id) from conversation_messages m where m.conversation_id = c.id)
        or c.waiting_since is distinct from (select min(m.created_at) from conversation_messages m
             where m.conversation_id = c.id and m.author_role = 'creator'
               and m.id > coalesce((select max(t.id) from conversation_messages t
                                    where t.conversation_id = c.id and t.author_role = 'team'), 0))`,
  ],
];
