#include "solver/app/serve/solve_service.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "rules/piece.h"
#include "rules/variant.h"
#include "solver/app/command.h"
#include "solver/app/tree_batch.h"
#include "solver/app/verdict_items.h"
#include "solver/problem/stipulation.h"
#include "solver/puzzle/problem_file.h"
#include "solver/report/html_format.h"
#include "solver/report/json_format.h"
#include "solver/report/text_format.h"
#include "solver/tree/tree_builder.h"
#include "solver/tree/tree_check.h"

namespace dm::app::serve {

namespace {

constexpr const char* kBusy = "a search is running: stop it first (one search at a time)";

// The threads' scratch and the table as a batch of the command line sizes its shared ones
// (tree_batch.h), with no problem built alone.
size_t scratch_mib(const TreeSettings& settings) {
  return TreeBatch::scratch_mib(settings, search::Workers::count(settings.threads));
}

size_t table_mib(const TreeSettings& settings) {
  return TreeBatch::shared_table_mib(settings, 0, search::Workers::count(settings.threads));
}

}  // namespace

std::vector<std::string> rule_words(const std::string& text) {
  std::string spaced = text;
  std::replace(spaced.begin(), spaced.end(), ',', ' ');
  std::istringstream in(spaced);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

SolveService::SolveService(const TreeSettings& settings, const std::atomic<bool>& stopping)
    : settings_(settings),
      stopping_(stopping),
      workers_(settings.threads, scratch_mib(settings) << 20),
      table_(table_mib(settings)) {}

void SolveService::solve(const Request& request, Responder& out) {
  const auto failure = [&](const std::string& field, const std::string& message) {
    out.event("failure", nlohmann::json{{"field", field}, {"error", message}}.dump());
  };
  const std::string variant_name = request.field("variant");
  const auto variant = make_variant(variant_name.empty() ? "chess" : variant_name, rule_words(request.field("rules")));
  if (!variant) return failure("variant", variant.error());
  const std::string fen = request.field("fen");
  if (fen.empty()) return failure("fen", "no position: give a FEN");
  const auto position = make_position(*variant, fen);
  if (!position) return failure("fen", position.error());
  const auto stipulation = problem::parse_stipulation(request.field("stip"));
  if (!stipulation) return failure("stip", stipulation.error());
  if (const auto why = problem::refused_in(*stipulation, position->variant())) return failure("stip", *why);

  std::unique_lock busy(busy_, std::try_to_lock);
  if (!busy.owns_lock()) return failure("busy", kBusy);
  stop_ = false;
  TreeSettings settings = settings_;
  settings.tries = request.field("tries") == "1";
  settings.set_play = request.field("setplay") == "1";
  std::mutex sending;  // the progress monitor's thread and this one share `out`
  tree::TreeOptions options = tree_options(settings, &stop_, workers_, puzzle::ShowOptions{});
  options.on_progress = progress_events(out, sending);
  if (!out.event("started", nlohmann::json{{"stipulation", stipulation->to_string()}}.dump())) return;
  tree::SolutionTree tree = tree::build_tree(*position, *stipulation, options, table_);
  const tree::CheckResult check = recheck(tree, settings);
  const std::lock_guard guard(sending);
  if (!check.ok()) return failure("check", "the tree's re-check disagrees: " + check.message);
  report::FormatOptions format = format_options(settings, "", {});
  format.steps = true;
  const nlohmann::ordered_json result = {{"status", problem::status_name(tree.status)},
                                         {"seconds", tree.seconds},
                                         {"nodes", tree.nodes},
                                         {"tree", report::tree_to_json(tree, format)},
                                         {"html", report::html_article(tree, format, {}, "")},
                                         {"text", report::write_text(tree, format)}};
  out.event("result", result.dump());
}

std::function<void(const search::Progress&)> SolveService::progress_events(Responder& out, std::mutex& sending) {
  return [this, &out, &sending](const search::Progress& progress) {
    const double rate = progress.seconds > 0 ? double(progress.nodes) / progress.seconds : 0.0;
    const nlohmann::json figures = {
        {"nodes", progress.nodes}, {"seconds", progress.seconds}, {"nodes_per_second", rate}};
    const std::lock_guard guard(sending);
    // A client gone, or the server stopping, stops the search.
    if (!out.event("progress", figures.dump()) || stopping_) stop_ = true;
  };
}

void SolveService::verify(const Request& request, Responder& out) {
  const std::string name = request.field("name").empty() ? "upload" : request.field("name");
  const auto file = puzzle::read_problem_text(request.body, name);
  if (!file) {
    out.event("failure", nlohmann::json{{"field", "file"}, {"error", file.error()}}.dump());
    return;
  }
  std::unique_lock busy(busy_, std::try_to_lock);
  if (!busy.owns_lock()) {
    out.event("failure", nlohmann::json{{"field", "busy"}, {"error", kBusy}}.dump());
    return;
  }
  stop_ = false;
  std::mutex sending;
  if (!out.event("started",
                 nlohmann::json{{"problems", file->puzzles.size()}, {"bad_entries", file->errors.size()}}.dump())) {
    return;
  }
  for (const std::string& error : file->errors) out.event("bad-entry", nlohmann::json{{"error", error}}.dump());
  std::map<std::string, size_t> counts;
  size_t judged = 0;
  for (const puzzle::Puzzle& p : file->puzzles) {
    if (stop_ || stopping_) break;
    tree::TreeOptions options = tree_options(settings_, &stop_, workers_, judged_show(p.show));
    options.on_progress = progress_events(out, sending);
    tree::SolutionTree tree = tree::build_tree(p.position, p.stipulation, options, table_);
    if (tree.status == problem::SolveStatus::Unknown && stop_) break;  // stopped: not judged
    const puzzle::Verdict verdict = puzzle::judge(p, tree);
    const tree::CheckResult check = recheck(tree, settings_);
    const report::VerdictText words = verdict_items(verdict, check);
    const std::string standing(puzzle::standing_name(standing_of(verdict, check)));
    ++counts[standing];
    report::FormatOptions format = format_options(settings_, p.id, labels_of(p));
    format.steps = true;
    const nlohmann::ordered_json problem = {
        {"index", judged++},        {"id", p.id},
        {"location", p.location()}, {"stipulation", p.stipulation.to_string()},
        {"standing", standing},     {"summary", words.summary},
        {"items", words.items},     {"html", report::html_article(tree, format, words, "p" + std::to_string(judged))}};
    const std::lock_guard guard(sending);
    if (!out.event("problem", problem.dump())) return;
  }
  nlohmann::ordered_json done = {{"problems", judged}, {"stopped", judged < file->puzzles.size()}};
  for (const auto& [standing, count] : counts) done[standing] = count;
  out.event("done", done.dump());
}

std::string variants_json() {
  nlohmann::json list = nlohmann::json::array();
  for (const std::string_view name : variant_names()) {
    const auto variant = find_variant(name);
    if (!variant) continue;
    std::string pieces;
    for (const PieceType t : variant->pieces) pieces += describe(t).letter;
    nlohmann::json options = nlohmann::json::array();
    for (const RuleOptionChoice& choice : rule_option_choices(*variant)) {
      nlohmann::json values = nlohmann::json::array();
      for (const std::string_view value : choice.values) values.push_back(std::string(value));
      options.push_back({{"key", std::string(choice.key)}, {"values", values}, {"value", std::string(choice.value)}});
    }
    list.push_back({{"name", std::string(name)},
                    {"files", variant->files},
                    {"ranks", variant->ranks},
                    {"pieces", pieces},
                    {"options", options},
                    {"start", std::string(variant->start_fen)}});
  }
  return list.dump();
}

}  // namespace dm::app::serve
