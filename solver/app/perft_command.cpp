// dmsolve perft: counts move sequences from a position, with a per-move breakdown on request.

#include <boost/program_options.hpp>
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "rules/notation.h"
#include "rules/perft.h"
#include "solver/app/command.h"

namespace dm::app {

int run_perft(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  std::string variant_name;
  std::string fen;
  std::vector<std::string> rules;
  int depth = 0;
  po::options_description options("dmsolve perft options");
  options.add_options()
      ("help,h", "show this help")
      ("variant,v", po::value(&variant_name)->default_value("chess"), "variant name")
      ("rule,r", po::value(&rules)->composing(), "rule option KEY=VALUE (repeatable)")
      ("fen,f", po::value(&fen), "start position (default: the variant's initial array)")
      ("depth,d", po::value(&depth)->required(), "number of moves (plies)")
      ("divide", "print the count below each legal move")
      ("json", "print one JSON object on one line");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(options).run(), vm);
    if (vm.count("help")) {
      std::cout << "usage: dmsolve perft --variant V [--fen F] --depth D [--divide] [--json]\n" << options;
      return kExitOk;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    return report_bad_input("perft", e.what());
  }
  if (depth < 0) return report_bad_input("perft", "--depth must not be negative");
  const auto variant = make_variant(variant_name, rules);
  if (!variant) return report_bad_input("perft", variant.error());
  auto pos = make_position(*variant, fen);
  if (!pos) return report_bad_input("perft", pos.error());

  const auto start = std::chrono::steady_clock::now();
  uint64_t nodes = 0;
  std::vector<std::pair<Move, uint64_t>> divide;
  if (vm.count("divide")) {
    divide = perft_divide(*pos, depth);
    for (const auto& entry : divide) nodes += entry.second;
  } else {
    nodes = perft(*pos, depth);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  if (vm.count("json")) {
    nlohmann::ordered_json out = {{"variant", variant->name}, {"rules", variant->describe_options()},
                                  {"fen", pos->fen()}, {"depth", depth}, {"nodes", nodes},
                                  {"seconds", seconds}};
    if (!divide.empty()) {
      nlohmann::ordered_json per_move = nlohmann::ordered_json::object();
      for (const auto& [move, count] : divide) per_move[move_to_uci(move)] = count;
      out["divide"] = per_move;
    }
    std::cout << out.dump() << '\n';
  } else {
    for (const auto& [move, count] : divide) std::cout << move_to_uci(move) << ": " << count << '\n';
    std::cout << "variant " << variant->name;
    if (const auto options_text = variant->describe_options(); !options_text.empty()) std::cout << " (" << options_text << ')';
    std::cout << "\nfen " << pos->fen() << "\ndepth " << depth << "\nnodes " << nodes << "\nseconds " << seconds
              << "\nnodes/s " << uint64_t(seconds > 0 ? double(nodes) / seconds : 0) << '\n';
  }
  return kExitOk;
}

}  // namespace dm::app
