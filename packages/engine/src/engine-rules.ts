/**
 * Names the rules of SPEC.md a result was computed by. Raise it with any change that moves a
 * figure (the golden figures move with it) or adds to what a result reports, so a result stored
 * under older rules is never served as current (SPEC 3.1). 3: each contribution names its
 * bond's terms and gives its own yields, duration and price (SPEC 8.8).
 */
export const ENGINE_RULES_VERSION = 3;
