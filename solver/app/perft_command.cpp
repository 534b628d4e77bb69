// dmsolve perft: counts move sequences from a position, with a per-move breakdown on request.

#include <boost/program_options.hpp>
#include <algorithm>
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "rules/notation.h"
#include "rules/perft.h"
#include "solver/app/command.h"
#include "solver/app/command_line.h"
#include "solver/app/option_checks.h"

namespace dm::app {

int run_perft(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  std::string variant_name;
  std::string fen;
  std::vector<std::string> rules;
  int depth = -1;
  int turns = -1;
  po::options_description options("dmsolve perft options");
  options.add_options()("help,h", "show this help")("variant,v", po::value(&variant_name)->default_value("chess"),
                                                    "variant name")("rule,r", po::value(&rules)->composing(),
                                                                    "rule option KEY=VALUE (repeatable)")(
      "fen,f", fen_value(&fen), "start position (default: the variant's initial array)")(
      "depth,d", po::value(&depth), "count sequences of this many moves (plies)")(
      "turns", po::value(&turns), "count sequences of this many whole turns")(
      "start",
      "the initial array as a game start (a balanced variant's first turn is one move); the default without --fen")(
      "divide", "print the count below each legal move")("json", "print one JSON object on one line");
  const CommandLine line{"perft",
                         "usage: dmsolve perft --variant V [--rule K=V]... [--fen F | --start] (--depth D | --turns T) [--divide] [--json]\n",
                         options};
  po::variables_map vm;
  if (const auto done = read_command_line(line, args, vm)) return *done;
  if ((depth < 0) == (turns < 0)) return report_bad_input("perft", "give one of --depth N or --turns N (N >= 0)");
  if (std::max(depth, turns) > kMaxPerftDepth) {
    return report_bad_input("perft", "--depth and --turns must be at most " + std::to_string(kMaxPerftDepth));
  }
  if (vm.count("start") && !fen.empty()) return report_bad_input("perft", "--start and --fen exclude each other");
  const PerftUnit unit = turns >= 0 ? PerftUnit::Turns : PerftUnit::Moves;
  const int count = unit == PerftUnit::Turns ? turns : depth;
  const auto variant = make_variant(variant_name, rules);
  if (!variant) return report_bad_input("perft", variant.error());
  auto pos = make_position(*variant, fen);
  if (!pos) return report_bad_input("perft", pos.error());

  const auto start = std::chrono::steady_clock::now();
  uint64_t nodes = 0;
  std::vector<std::pair<Move, uint64_t>> divide;
  if (vm.count("divide")) {
    divide = perft_divide(*pos, count, unit);
    for (const auto& entry : divide) nodes += entry.second;
  } else {
    nodes = unit == PerftUnit::Turns ? perft_turns(*pos, count) : perft(*pos, count);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  if (vm.count("json")) {
    nlohmann::ordered_json out = {{"variant", variant->name}, {"rules", variant->describe_options()},
                                  {"fen", pos->fen()}, {unit == PerftUnit::Turns ? "turns" : "depth", count}, {"nodes", nodes},
                                  {"seconds", seconds}};
    if (!divide.empty()) {
      nlohmann::ordered_json per_move = nlohmann::ordered_json::object();
      for (const auto& [move, below] : divide) per_move[move_to_uci(move)] = below;
      out["divide"] = per_move;
    }
    std::cout << out.dump() << '\n';
  } else {
    for (const auto& [move, below] : divide) std::cout << move_to_uci(move) << ": " << below << '\n';
    std::cout << "variant " << variant->name;
    if (const auto options_text = variant->describe_options(); !options_text.empty()) std::cout << " (" << options_text << ')';
    std::cout << "\nfen " << pos->fen() << (unit == PerftUnit::Turns ? "\nturns " : "\ndepth ") << count << "\nnodes " << nodes << "\nseconds " << seconds
              << "\nnodes/s " << uint64_t(seconds > 0 ? double(nodes) / seconds : 0) << '\n';
  }
  return kExitOk;
}

}  // namespace dm::app
