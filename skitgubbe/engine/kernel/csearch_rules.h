/* csearch_rules.h: the rule words of the packed input, generated from skitgubbe/engine/kernel/layout.py
 * (make csearch-header). Do not edit: tests/engine/test_kernel_layout.py
 * checks that this file is what the table writes. */
#ifndef CSEARCH_RULES_H
#define CSEARCH_RULES_H

#define SG_RULES_FINGERPRINT 0x01E01F96
#define SG_RULE_COUNT 13
/* X(member, highest code): one per Rules field, in the order they are packed */
#define SG_RULE_WORDS(X) \
    X(style, 3) /* Rules.phase1_style */ \
    X(chansa, 1) /* Rules.chansa */ \
    X(end_mode, 2) /* Rules.phase1_end */ \
    X(sequences, 1) /* Rules.sequences */ \
    X(follow, 1) /* Rules.follow_suit */ \
    X(must_beat, 1) /* Rules.must_beat */ \
    X(pick_mode, 2) /* Rules.pick_up */ \
    X(count_plays, 1) /* Rules.trick_complete */ \
    X(throw_after, 1) /* Rules.throw_on */ \
    X(motlagg, 1) /* Rules.motlagg_beats_singles */ \
    X(must_motlagg, 1) /* Rules.must_motlagg */ \
    X(pile, 1) /* Rules.phase2_style */ \
    X(twu, 1) /* Rules.trump_when_unable */ \

enum { TWO_CARD = 0, EVERYONE = 1, TURNED_TRUMP = 2, BEAT_OR_TAKE = 3 }; /* Rules.phase1_style */
enum { END_DUE = 0, END_SKIP = 1, END_FINISH = 2 }; /* Rules.phase1_end */
enum { PICK_TOP = 0, PICK_LAST = 1, PICK_PILE = 2 }; /* Rules.pick_up */
enum { COUNT_CARDS = 0, COUNT_PLAYS = 1 }; /* Rules.trick_complete */
enum { THROW_OFF = 0, THROW_AFTER = 1 }; /* Rules.throw_on */
enum { P2_TRICKS = 0, P2_PILE = 1 }; /* Rules.phase2_style */

#endif
