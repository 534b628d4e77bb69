#include "solver/app/serve/solve_service.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "rules/variant.h"
#include "solver/app/command.h"
#include "solver/problem/stipulation.h"
#include "solver/report/html_format.h"
#include "solver/report/json_format.h"
#include "solver/report/text_format.h"
#include "solver/tree/tree_builder.h"
#include "solver/tree/tree_check.h"

namespace dm::app::serve {

namespace {

constexpr size_t kMostScratchMiB = 26;

// Each thread's scratch: a quarter of --hash among the threads, at most kMostScratchMiB (as a
// batch of the command line takes it, tree_batch.h).
size_t scratch_mib(const TreeSettings& settings) {
  const size_t threads = size_t(search::Workers::count(settings.threads));
  return std::max<size_t>(1, std::min(kMostScratchMiB, settings.hash_mb / 4 / threads));
}

size_t table_mib(const TreeSettings& settings) {
  const size_t scratch = scratch_mib(settings) * size_t(search::Workers::count(settings.threads));
  return std::max<size_t>(1, settings.hash_mb > scratch ? settings.hash_mb - scratch : 1);
}

std::string field_of(const Request& request, const char* name) {
  const auto found = request.query.find(name);
  return found == request.query.end() ? "" : found->second;
}

// Rule options as the page sends them: KEY=VALUE words, by blanks or commas.
std::vector<std::string> rule_words(const std::string& text) {
  std::string spaced = text;
  std::replace(spaced.begin(), spaced.end(), ',', ' ');
  std::istringstream in(spaced);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

}  // namespace

SolveService::SolveService(const TreeSettings& settings, const std::atomic<bool>& stopping)
    : settings_(settings),
      stopping_(stopping),
      workers_(settings.threads, scratch_mib(settings) << 20),
      table_(table_mib(settings)) {}

void SolveService::solve(const Request& request, Responder& out) {
  const auto failure = [&](const std::string& field, const std::string& message) {
    out.event("failure", nlohmann::json{{"field", field}, {"error", message}}.dump());
  };
  const std::string variant_name = field_of(request, "variant");
  const auto variant =
      make_variant(variant_name.empty() ? "chess" : variant_name, rule_words(field_of(request, "rules")));
  if (!variant) return failure("variant", variant.error());
  const std::string fen = field_of(request, "fen");
  if (fen.empty()) return failure("fen", "no position: give a FEN");
  const auto position = make_position(*variant, fen);
  if (!position) return failure("fen", position.error());
  const auto stipulation = problem::parse_stipulation(field_of(request, "stip"));
  if (!stipulation) return failure("stip", stipulation.error());
  if (const auto why = problem::refused_in(*stipulation, position->variant())) return failure("stip", *why);

  std::unique_lock busy(busy_, std::try_to_lock);
  if (!busy.owns_lock()) return failure("busy", "a search is running: stop it first (one search at a time)");
  stop_ = false;
  TreeSettings settings = settings_;
  settings.tries = field_of(request, "tries") == "1";
  settings.set_play = field_of(request, "setplay") == "1";
  std::mutex sending;  // the progress monitor's thread and this one share `out`
  tree::TreeOptions options = tree_options(settings, &stop_, workers_, puzzle::ShowOptions{});
  options.on_progress = [&](const search::Progress& progress) {
    const double rate = progress.seconds > 0 ? double(progress.nodes) / progress.seconds : 0.0;
    const nlohmann::json figures = {
        {"nodes", progress.nodes}, {"seconds", progress.seconds}, {"nodes_per_second", rate}};
    const std::lock_guard guard(sending);
    // A client gone, or the server stopping, stops the search.
    if (!out.event("progress", figures.dump()) || stopping_) stop_ = true;
  };
  if (!out.event("started", nlohmann::json{{"stipulation", stipulation->to_string()}}.dump())) return;
  tree::SolutionTree tree = tree::build_tree(*position, *stipulation, options, table_);
  const tree::CheckResult check = recheck(tree, settings);
  const std::lock_guard guard(sending);
  if (!check.ok()) return failure("check", "the tree's re-check disagrees: " + check.message);
  const report::FormatOptions format = format_options(settings, "", {});
  const nlohmann::ordered_json result = {{"status", problem::status_name(tree.status)},
                                         {"seconds", tree.seconds},
                                         {"nodes", tree.nodes},
                                         {"tree", report::tree_to_json(tree, format)},
                                         {"html", report::html_article(tree, format, {}, "")},
                                         {"text", report::write_text(tree, format)}};
  out.event("result", result.dump());
}

std::string variants_json() {
  nlohmann::json list = nlohmann::json::array();
  for (const std::string_view name : variant_names()) {
    const auto variant = find_variant(name);
    if (!variant) continue;
    list.push_back({{"name", std::string(name)}, {"files", variant->files}, {"ranks", variant->ranks}});
  }
  return list.dump();
}

}  // namespace dm::app::serve
