// dmsolve replay: plays a game given as movetext or a PGN file and prints the final position.

#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "rules/movetext.h"
#include "rules/outcome.h"
#include "rules/piece.h"
#include "solver/app/command.h"
#include "solver/app/command_line.h"
#include "solver/app/option_checks.h"

namespace dm::app {

namespace {

// The board as text, White at the bottom, files lettered below.
std::string board_text(const Position& pos) {
  const Geometry& g = pos.geometry();
  std::string text;
  for (int rank = g.ranks() - 1; rank >= 0; --rank) {
    text += (rank + 1 < 10 ? " " : "") + std::to_string(rank + 1) + " ";
    for (int file = 0; file < g.files(); ++file) {
      const Piece p = pos.piece_on(make_square(file, rank));
      text += ' ';
      text += p == Piece::None ? '.' : piece_letter(p);
    }
    text += '\n';
  }
  text += "   ";
  for (int file = 0; file < g.files(); ++file) text += std::string(" ") + char('a' + file);
  return text + '\n';
}

}  // namespace

int run_replay(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  std::string variant_name;
  std::string fen;
  std::string pgn_file;
  std::vector<std::string> rules;
  std::vector<std::string> movetext_words;
  po::options_description options("dmsolve replay options");
  options.add_options()
      ("help,h", "show this help")
      ("variant,v", po::value(&variant_name), "variant name (default: the PGN's [Variant] tag, else chess)")
      ("rule,r", po::value(&rules)->composing(), "rule option KEY=VALUE (repeatable)")
      ("fen,f", fen_value(&fen), "start position (default: the PGN's [FEN] tag, else the initial array as a game start)")
      ("pgn", po::value(&pgn_file), "read the game from a PGN file")
      ("json", "print one JSON object on one line: fen (final) and turns (the FEN after every turn)")
      ("movetext", po::value(&movetext_words)->composing(), "the moves, e.g. \"1.e4 e5,Nc6 2.Qh5,Nf3\"");
  const CommandLine line{"replay",
                         "usage: dmsolve replay [--variant V] [--rule K=V]... [--fen F] (MOVETEXT | --pgn FILE) [--json]\n",
                         options, nullptr, {{"movetext", -1}}};
  po::variables_map vm;
  if (const auto done = read_command_line(line, args, vm)) return *done;

  GameRecord record;
  if (!pgn_file.empty()) {
    std::ifstream in(pgn_file);
    if (!in) return report_bad_input("replay", "cannot read " + pgn_file);
    std::stringstream buffer;
    buffer << in.rdbuf();
    auto parsed = read_pgn(buffer.str());
    if (!parsed) return report_bad_input("replay", pgn_file + ": " + parsed.error());
    record = std::move(*parsed);
  }
  for (const auto& word : movetext_words) record.movetext += word + ' ';
  if (variant_name.empty()) variant_name = record.tags.count("Variant") ? record.tags["Variant"] : "chess";
  for (char& c : variant_name) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (fen.empty() && record.tags.count("FEN")) fen = record.tags["FEN"];

  const auto variant = make_variant(variant_name, rules);
  if (!variant) return report_bad_input("replay", variant.error());
  const auto start = make_position(*variant, fen);
  if (!start) return report_bad_input("replay", start.error());

  Game game(*start);
  std::vector<std::string> turn_fens;
  const auto error = play_movetext(game, record.movetext, [&turn_fens](const Position& pos) {
    turn_fens.push_back(pos.fen());
  });
  if (error) return report_bad_input("replay", *error);

  const Position& pos = game.position();
  const Outcome result = outcome(pos);
  if (vm.count("json")) {
    nlohmann::ordered_json out = {{"variant", variant->name}, {"rules", variant->describe_options()},
                                  {"fen", pos.fen()}, {"turns", turn_fens},
                                  {"result", result_text(result.result)}};
    if (result.is_over()) out["reason"] = result.reason;
    std::cout << out.dump() << '\n';
  } else {
    std::cout << board_text(pos) << "fen " << pos.fen() << '\n';
    if (result.is_over()) std::cout << "result " << result_text(result.result) << " (" << result.reason << ")\n";
  }
  return kExitOk;
}

}  // namespace dm::app
