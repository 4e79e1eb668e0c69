/**
 * The header on an answer to a counting call (views, shares) that counted nothing because the
 * caller sent no visitor cookie the gateway signed: the answer brings one (Set-Cookie), and the
 * call may be sent again, once, with it (docs/security.md, "Visitor cookie").
 */
export const NEW_VISITOR_HEADER = 'x-mepedia-visitor';
