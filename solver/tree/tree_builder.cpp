#include "solver/tree/tree_builder.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <string>

#include "rules/game.h"
#include "solver/search/node_rules.h"
#include "solver/tree/annotator.h"
#include "solver/tree/proof_tree.h"
#include "solver/tree/tree_turns.h"
#include "solver/tree/try_finder.h"

namespace dm::tree {

namespace {

using search::RootTurn;

// The remaining limits of a build that has used `nodes` and `seconds` of `limits`; nullopt
// when nothing is left.
std::optional<search::SearchLimits> remaining(const search::SearchLimits& limits, uint64_t nodes, double seconds) {
  search::SearchLimits left = limits;
  if (limits.nodes) {
    if (nodes >= limits.nodes) return std::nullopt;
    left.nodes = limits.nodes - nodes;
  }
  if (limits.seconds > 0.0) {
    if (seconds >= limits.seconds) return std::nullopt;
    left.seconds = limits.seconds - seconds;
  }
  return left;
}

class TreeBuilder {
 public:
  TreeBuilder(const Position& pos, const problem::Stipulation& stipulation, const TreeOptions& options,
              search::TranspositionTable& tt)
      : pos_(pos),
        options_(options),
        tt_(tt),
        rules_(search::NodeRules::for_problem(stipulation, pos, options.tables)),
        workers_(options.workers ? *options.workers : own_workers_.emplace(options.threads)),
        post_key_(options.post_key_play && !stipulation.has_lines() && !stipulation.is_proof()) {
    tree_.position = pos;
    tree_.stipulation = stipulation;
    tree_.variant = std::string(pos.variant().name);
    tree_.rule_options = pos.variant().describe_options();
  }

  SolutionTree build() {
    // Post-key play looks for no key: the position is after it.
    const search::SolveResult result =
        post_key_ ? search::SolveResult{} : search::solve(pos_, tree_.stipulation, solve_options(options_.limits), tt_);
    tree_.status = result.status;
    tree_.length = result.length;
    tree_.solutions = result.solutions;
    // Stopped after short solutions: the lines of the stipulated length were not looked for.
    if (options_.stop_on_short_solutions && tree_.stipulation.has_lines() && result.length < tree_.stipulation.turns) {
      tree_.solutions_complete = false;
    }
    keep_first_solutions();
    nodes_ = result.nodes;
    seconds_ = result.seconds;
    tree_.solve_nodes = result.nodes;
    tree_.solve_seconds = result.seconds;
    tree_.threads = result.threads;
    if (post_key_) {
      add_post_key();
    } else if (tree_.stipulation.has_lines()) {
      if (rules_.is_help() && options_.set_play && !tree_.stipulation.attacker_starts) add_set_play();
    } else if (tree_.stipulation.is_proof()) {
      if (result.status == problem::SolveStatus::Solved) add_proof_tree(result.length);
    } else {
      annotate(result);
      if (options_.set_play && tree_.status != problem::SolveStatus::Unknown) add_set_variations();
    }
    tree_.nodes = nodes_;
    tree_.seconds = seconds_;
    return std::move(tree_);
  }

 private:
  // Each key with its threats and variations, then the tries; the keys, and the try
  // candidates, are annotated at once on the workers (annotator.h).
  void annotate(const search::SolveResult& result) {
    std::vector<RootTurn> non_keys;
    const bool whole = annotate_within_limits([&](DirectAnnotator& annotator) {
      tree_.threats_sought = options_.threats;
      std::vector<RootTurn> keys;
      split_root_turns(result, keys, non_keys);
      keys = sorted_by_uci(std::move(keys));
      const int turns = tree_.stipulation.turns;
      std::vector<std::optional<AttackNode>> played(keys.size());
      annotator.for_each(keys.size(), turns, [&](size_t i, DirectAnnotator& own) {
        if (const int length = own.own_length(keys[i], turns)) played[i] = own.play(keys[i], length, true);
      });
      for (auto& key : played) {
        if (!key) break;  // stopped
        tree_.keys.push_back(std::move(*key));
      }
    });
    if (whole && options_.tries && result.status != problem::SolveStatus::Unknown) add_tries(std::move(non_keys));
  }

  // Runs `work` with an annotator over what is left of the build's limits, and counts what it
  // spent. False, the tree stopped (status Unknown), where nothing was left or the work was
  // cut short.
  bool annotate_within_limits(const std::function<void(DirectAnnotator&)>& work) {
    const auto limits = remaining(options_.limits, nodes_, seconds_);
    if (!limits) {
      stop();
      return false;
    }
    search::SearchControl control(*limits);
    AnnotationContext context{rules_, tt_, control, workers_};
    context.threats = options_.threats;
    DirectAnnotator annotator(context);
    work(annotator);
    account(control);
    if (context.incomplete || control.stopped()) {
      stop();
      return false;
    }
    return true;
  }

  // The first turns, keys and others. A first turn longer than the rules play out (a
  // progressive series) is never enumerated: the keys are the solver's
  // (search/direct/direct_solver.cpp), played here, and no try is looked for among the others.
  void split_root_turns(const search::SolveResult& result, std::vector<RootTurn>& keys,
                        std::vector<RootTurn>& non_keys) const {
    if (!search::NodeRules::plays_out(pos_)) {
      for (const Turn& key : result.keys) {
        Game game(pos_);
        for (const Move m : key) game.play(m);
        keys.push_back({key, game.position()});
      }
      return;
    }
    for (RootTurn& t : search::enumerate_root_turns(pos_)) {
      const bool key = std::find(result.keys.begin(), result.keys.end(), t.moves) != result.keys.end();
      (key ? keys : non_keys).push_back(std::move(t));
    }
  }

  void add_tries(std::vector<RootTurn> candidates) {
    auto limits = remaining(options_.limits, nodes_, seconds_);
    if (!limits) {
      tree_.tries_complete = false;
      return;
    }
    if (options_.try_nodes && (!limits->nodes || options_.try_nodes < limits->nodes))
      limits->nodes = options_.try_nodes;
    if (options_.try_seconds > 0.0 && (limits->seconds <= 0.0 || options_.try_seconds < limits->seconds)) {
      limits->seconds = options_.try_seconds;
    }
    candidates = sorted_by_uci(std::move(candidates));
    search::SearchControl control(*limits);
    AnnotationContext context{rules_, tt_, control, workers_};
    context.threats = options_.threats;
    DirectAnnotator annotator(context);
    const int turns = tree_.stipulation.turns;
    std::vector<std::optional<Try>> found(candidates.size());
    annotator.for_each(candidates.size(), turns, [&](size_t i, DirectAnnotator& own) {
      if (!control.stopped()) found[i] = TryFinder(own, options_.max_refutations).try_of(candidates[i], turns);
    });
    for (auto& t : found) {
      if (t) tree_.tries.push_back(std::move(*t));
    }
    tree_.tries_complete = !context.incomplete && !control.stopped();
    account(control);
  }

  // Help play under TreeOptions::max_solutions: the first solutions alone.
  void keep_first_solutions() {
    const size_t most = size_t(options_.max_solutions);
    if (tree_.stipulation.play != problem::Play::Help || most == 0 || tree_.solutions.size() <= most) return;
    tree_.solutions.resize(most);
    tree_.solutions_complete = false;
  }

  // win, lose and loseN, proven: the proof's file and its first turns (proof_tree.h).
  void add_proof_tree(int turns) {
    const auto limits = remaining(options_.limits, nodes_, seconds_);
    if (!limits) {
      stop();
      return;
    }
    search::SearchControl control(*limits);
    if (!add_proof(tree_, pos_, rules_, turns, tt_, control, options_.proof_file)) stop();
    account(control);
  }

  // Set play: the help play that works when the side to move passes its first turn.
  void add_set_play() {
    const std::optional<Position> passed = passed_position(pos_);
    const auto limits = remaining(options_.limits, nodes_, seconds_);
    if (!passed || !limits) return;
    problem::Stipulation set = tree_.stipulation;
    set.attacker_starts = true;
    const search::SolveResult result = search::solve(*passed, set, solve_options(*limits), tt_);
    tree_.set_play = result.solutions;
    tree_.set_play_complete = !(options_.stop_on_short_solutions && result.length < set.turns);
    nodes_ += result.nodes;
    seconds_ += result.seconds;
    if (result.status == problem::SolveStatus::Unknown) stop();
  }

  // Post-key play (TreeOptions::post_key_play): the key taken as played, the attacker's threats
  // and every defender turn with its answer within turns - 1; Solved when each has one.
  void add_post_key() {
    const int turns = tree_.stipulation.turns;
    const std::optional<Position> after_key = passed_position(pos_);
    tree_.status = problem::SolveStatus::NoSolution;
    tree_.post_key = AttackNode{};
    // No key leads here where the attacker stands in check, nor where the game is over after it
    // (Popeye refuses the first): no post-key play, no solution.
    if (!after_key || game_over(*after_key) || !search::NodeRules::plays_out(*after_key)) return;
    annotate_within_limits([&](DirectAnnotator& annotator) {
      tree_.threats_sought = options_.threats;
      AttackNode key;
      key.length = turns;
      key.threats = annotator.threats(*after_key, turns - 1);
      key.defences = annotator.defences(defender_turns(*after_key, tree_.stipulation), turns - 1);
      const bool refuted = std::any_of(key.defences.begin(), key.defences.end(), [](const DefenceGroup& g) {
        return g.answer.empty() && g.ending == Ending::None;
      });
      tree_.status = refuted ? problem::SolveStatus::NoSolution : problem::SolveStatus::Solved;
      tree_.length = turns;
      tree_.post_key = std::move(key);
    });
  }

  // Set play of direct, self and reflex play: the defender's turns from the position where the
  // attacker passed, those the attacker answers within turns - 1 kept with their answers.
  void add_set_variations() {
    const int turns = tree_.stipulation.turns;
    if (turns < 2) return;
    const std::optional<Position> passed = passed_position(pos_);
    if (!passed || game_over(*passed) || !search::NodeRules::plays_out(*passed)) return;
    annotate_within_limits([&](DirectAnnotator& annotator) {
      for (DefenceGroup& group : annotator.defences(defender_turns(*passed, tree_.stipulation), turns - 1)) {
        if (!group.answer.empty() || group.ending != Ending::None) tree_.set_variations.push_back(std::move(group));
      }
      tree_.set_play_sought = true;
    });
  }

  // What search::solve needs of the tree's options, with these limits.
  search::SolveOptions solve_options(const search::SearchLimits& limits) const {
    search::SolveOptions solve;
    solve.workers = &workers_;
    solve.limits = limits;
    solve.tables = options_.tables;
    solve.stop_on_short_solutions = options_.stop_on_short_solutions;
    solve.on_progress = options_.on_progress;
    return solve;
  }

  void account(const search::SearchControl& control) {
    nodes_ += control.nodes();
    seconds_ += control.elapsed_seconds();
  }

  void stop() { tree_.status = problem::SolveStatus::Unknown; }

  const Position& pos_;
  const TreeOptions& options_;
  search::TranspositionTable& tt_;
  search::NodeRules rules_;
  std::optional<search::Workers> own_workers_;  // when the options bring none
  search::Workers& workers_;
  const bool post_key_;  // TreeOptions::post_key_play, where the stipulation has a key
  SolutionTree tree_;
  uint64_t nodes_ = 0;
  double seconds_ = 0.0;
};

}  // namespace

SolutionTree build_tree(const Position& pos, const problem::Stipulation& stipulation, const TreeOptions& options,
                        search::TranspositionTable& tt) {
  return TreeBuilder(pos, stipulation, options, tt).build();
}

}  // namespace dm::tree
