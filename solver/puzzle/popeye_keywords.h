#pragma once
// Popeye's keywords in the three languages of its input (py-engl.txt, py-deut.txt,
// py-fran.txt), and how Popeye matches a word against them: case-insensitively, by any prefix
// that begins one keyword only ("opti vari" is "option variations"), the whole keyword always.
// A file's language is the one its first word is written in (beginproblem, AnfangProblem,
// DebutProbleme).
//
// The lists stay apart as Popeye keeps them, because a word is looked up in one list after the
// other: "t" is the command "title" before it could be "twin", and "rem" after "twin" is the
// twin change "remove", not "remark". The condition names are ours (dmsolve's variants, the
// same in every language); piece names are Popeye's for the pieces we have.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "rules/types.h"

namespace dm::puzzle::popeye {

// text in lower case (ASCII), as Popeye compares its words.
std::string lowercase(std::string_view text);

enum class Language : uint8_t { English, German, French };

// What may begin a problem's line of input (Popeye's "initial twin" tokens).
enum class Command : uint8_t {
  Remark, SStipulation, Author, Origin, Pieces, Condition, Option, Stipulation, Protocol, Title, LaTeX,
  LaTeXPieces, Award, InitialGameArray, Forsyth,
};
enum class ProblemEnd : uint8_t { End, Next };
enum class TwinStart : uint8_t { Twin, ZeroPosition };
enum class TwinChange : uint8_t {
  Move, Exchange, Stipulation, SStipulation, Add, Remove, Continued, Rotate, Condition, Polish, Mirror, Shift,
  Substitute,
};
// Popeye's options, in its order (options/options.h).
enum class OptionName : uint8_t {
  Defence, SetPlay, WhiteToPlay, Variations, MoveNumbers, StartMoveNumber, NoWk, Duplex, NoBk, Threat, NoThreat,
  Try, MaxSolutions, MaxFlightsquares, Search, MultiSolutions, NoSymmetry, NonTrivial, KeepMatingPiece,
  EnPassant, NoBoard, NoShortVariations, HalfDuplex, PostKeyPlay, Intelligent, MaxTime, NoCastling, Quodlibet,
  StopOnShortSolutions, Beep, SuppressGrid, WriteGrid, CastlingMutuallyExclusive, GoalIsEnd, UnpublishedOption,
  NullMoves, UpToMoveNumber, TrivialTriesAvoid, MatesIn1,
};
enum class Colour : uint8_t { White, Black, Neutral, TotalInvisible };
// The four mirrors, named by where a1 (or a8) goes: a1<-->h1 mirrors files, a1<-->a8 ranks.
enum class Mirror : uint8_t { A1H1, A1A8, A1H8, A8H1 };
// Our conditions: dmsolve's variants under names in Popeye's style.
enum class Condition : uint8_t {
  Marseillais, MarseillaisClassical, DoubleMove, Bennekom, LosingChess, LosingMarseillais, Mainzer,
};

// How a word matched one list: the keyword it names, or that it begins several and names none.
template <typename Keyword>
struct Match {
  std::optional<Keyword> keyword;
  bool ambiguous = false;

  bool any() const { return keyword.has_value() || ambiguous; }
};

// The language whose "beginproblem" the word is (or begins), or nullopt.
std::optional<Language> language_of_begin(std::string_view word);

Match<Command> find_command(Language language, std::string_view word);
Match<ProblemEnd> find_problem_end(Language language, std::string_view word);
Match<TwinStart> find_twin_start(Language language, std::string_view word);
Match<TwinChange> find_twin_change(Language language, std::string_view word);
Match<OptionName> find_option(Language language, std::string_view word);
Match<Colour> find_colour(Language language, std::string_view word);
Match<Mirror> find_mirror(std::string_view word);
// Whether the word begins a command, ends a problem or starts a twin: what may follow the words
// of an option or a condition on their line.
bool is_keyword(Language language, std::string_view word);
Match<Condition> find_condition(std::string_view word);

// The keywords as written in the language's table, for messages: "NoWk", "KeineRochade".
std::string_view option_name(Language language, OptionName option);
std::string_view problem_end_name(Language language, ProblemEnd end);
std::string_view mirror_name(Mirror mirror);  // "a1<-->h1"
std::string_view condition_name(Condition condition);
// The dmsolve variant a condition is (rules/variant.h): "marseillais", "antichess", ...
std::string_view variant_of(Condition condition);
// Every condition name, for messages: "Marseillais, MarseillaisClassical, ...".
std::string_view condition_names();

// The piece a Popeye piece name (one or two letters, any case) stands for in the language, or
// nullopt: K Q R B S P in English (N too, for the knight), K D T L S B in German, R D T F C P
// in French, and Popeye's princess, empress and amazon for our Janus, Marshall and Amazon.
std::optional<PieceType> find_piece(Language language, std::string_view name);
// The English name as Popeye prints it in a twin's changes: "Q", "S", "PR".
std::string_view piece_name(PieceType type);
// Every name of the language, for messages: "K Q R B S N P PR EM AM".
std::string_view piece_names(Language language);

}  // namespace dm::puzzle::popeye
