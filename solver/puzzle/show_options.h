#pragma once
// What a problem file asks to be shown of a problem's solution, problem by problem (Popeye's
// `option` line): each setting unset where the file says nothing, and then the command line's
// setting holds (solver/app/tree_output.h says which wins when both speak).

#include <optional>

namespace dm::puzzle {

struct ShowOptions {
  std::optional<bool> tries;           // option try, option defence N
  std::optional<int> max_refutations;  // option defence N: a try fails to at most N defences
  std::optional<bool> set_play;        // option setplay (help play: h#)
  std::optional<bool> threats;         // option nothreat: false
  std::optional<bool> post_key_play;   // option postkeyplay (direct, self and reflex play)
  std::optional<int> max_solutions;    // option maxsolutions N (help play: the first N solutions)
  // option stoponshortsolutions (help and series play: no longer lines once short ones are found)
  std::optional<bool> stop_on_short_solutions;
};

}  // namespace dm::puzzle
