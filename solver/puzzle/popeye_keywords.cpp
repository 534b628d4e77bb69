#include "solver/puzzle/popeye_keywords.h"

#include <array>
#include <cctype>
#include <utility>

namespace dm::puzzle::popeye {

namespace {

// One keyword list in the three languages, in the order of Language.
template <size_t N>
using Table = std::array<std::array<std::string_view, N>, 3>;

constexpr std::array<std::string_view, 3> kBegin = {"beginproblem", "AnfangProblem", "DebutProbleme"};

constexpr Table<15> kCommands = {{
    {"remark", "sstipulation", "author", "origin", "pieces", "condition", "option", "stipulation", "protocol",
     "title", "LaTeX", "LaTeXPieces", "award", "InitialGameArray", "Forsyth"},
    {"Bemerkung", "sForderung", "Autor", "Quelle", "Steine", "Bedingung", "Option", "Forderung", "Protokoll",
     "Titel", "LaTeX", "LaTeXSteine", "Auszeichnung", "PartieAnfangsStellung", "Forsyth"},
    {"remarque", "senonce", "auteur", "source", "pieces", "condition", "option", "enonce", "protocol", "titre",
     "LaTeX", "PiecesLaTeX", "prix", "PositionInitialePartie", "Forsyth"},
}};

constexpr Table<2> kProblemEnds = {{
    {"endproblem", "nextproblem"},
    {"EndeProblem", "WeiteresProblem"},
    {"FinProbleme", "asuivre"},
}};

constexpr Table<2> kTwinStarts = {{
    {"twin", "zeroposition"},
    {"Zwilling", "NullStellung"},
    {"jumeau", "zeroposition"},
}};

constexpr Table<13> kTwinChanges = {{
    {"move", "exchange", "stipulation", "sstipulation", "add", "remove", "continued", "rotate", "condition",
     "PolishType", "mirror", "shift", "substitute"},
    {"versetze", "tausche", "Forderung", "SForderung", "hinzufuegen", "entferne", "ferner", "Drehung", "Bedingung",
     "Farbwechsel", "Spiegelung", "Verschiebung", "ersetze"},
    {"deplacement", "echange", "enonce", "senonce", "ajoute", "ote", "enplus", "rotation", "condition",
     "CouleurEchange", "miroir", "translation", "remplace"},
}};

constexpr Table<39> kOptions = {{
    {"Defence", "SetPlay", "WhiteToPlay", "Variations", "MoveNumbers", "StartMoveNumber", "NoWk", "Duplex", "NoBk",
     "Threat", "NoThreat", "Try", "MaxSolutions", "MaxFlightsquares", "Search", "MultiSolutions", "NoSymmetry",
     "NonTrivial", "KeepMatingPiece", "EnPassant", "NoBoard", "NoShortVariations", "HalfDuplex", "PostKeyPlay",
     "Intelligent", "MaxTime", "NoCastling", "Quodlibet", "StopOnShortSolutions", "Beep", "SuppressGrid",
     "WriteGrid", "CastlingMutuallyExclusive", "GoalIsEnd", "unpublishedoption", "NullMoves", "UpToMoveNumber",
     "TrivialTriesAvoid", "MatesIn1"},
    {"Widerlegung", "Satzspiel", "WeissBeginnt", "Varianten", "Zugnummern", "StartZugnummer", "OhneWk", "Duplex",
     "OhneSk", "Drohung", "OhneDrohung", "Verfuehrung", "MaxLoesungen", "MaxFluchtFelder", "Suchen",
     "MehrereLoesungen", "KeineSymmetrie", "NichtTrivial", "HalteMattsetzendenStein", "EnPassant", "OhneBrett",
     "OhneKurzVarianten", "HalbDuplex", "NachSchluessel", "Intelligent", "MaxZeit", "KeineRochade", "Quodlibet",
     "StopNachKurzloesungen", "Pieps", "OhneGitter", "ZeichneGitter", "RochadenGegenseitigAusschliessend",
     "ZielIstEnde", "nichtpublizierteoption", "NullZuege", "BisZugnummer", "TrivialeFehlversucheUnterdruecken",
     "MattsIn1"},
    {"Defense", "Apparent", "ApparentSeul", "Variantes", "Trace", "Enroute", "SansRB", "Duplex", "SansRN", "Menace",
     "SansMenace", "Essais", "MaxSolutions", "MaxCasesFuites", "Search", "MultiSolutions", "NonSymetrique",
     "NonTrivial", "RetiensPieceMatante", "EnPassant", "SansEchiquier", "SansVariantesCourtes", "DemiDuplex",
     "ApresCle", "Intelligent", "MaxTemps", "SansRoquer", "Quodlibet", "FinApresSolutionsCourtes", "Bip",
     "SansGrille", "AjouteGrille", "RoquesMutuellementExclusifs", "ButEstFin", "optionnonpubliee", "CoupsVides",
     "JusquAuCoup", "TrivialEssaiSupprimer", "MatsEn1"},
}};

constexpr Table<4> kColours = {{
    {"White", "Black", "Neutral", "TotalInvisible"},
    {"Weiss", "Schwarz", "Neutral", "TotalUnsichtbar"},
    {"Blanc", "Noir", "Neutre", "TotalInvisible"},
}};

constexpr std::array<std::string_view, 4> kMirrors = {"a1<-->h1", "a1<-->a8", "a1<-->h8", "a8<-->h1"};

constexpr std::array<std::string_view, 7> kConditions = {
    "Marseillais", "MarseillaisClassical", "DoubleMove", "Bennekom", "LosingChess", "LosingMarseillais", "Mainzer",
};
constexpr std::array<std::string_view, 7> kConditionVariants = {
    "marseillais", "marseillais-classical", "doublemove", "bennekom", "antichess", "losing-marseillais", "mainzer",
};

using Names = std::array<std::pair<std::string_view, PieceType>, 10>;
constexpr Names kEnglishPieces = {{{"k", PieceType::King}, {"q", PieceType::Queen}, {"r", PieceType::Rook},
                                   {"b", PieceType::Bishop}, {"s", PieceType::Knight}, {"p", PieceType::Pawn},
                                   {"", PieceType::None}, {"pr", PieceType::Janus}, {"em", PieceType::Marshall},
                                   {"am", PieceType::Amazon}}};
constexpr Names kGermanPieces = {{{"k", PieceType::King}, {"d", PieceType::Queen}, {"t", PieceType::Rook},
                                  {"l", PieceType::Bishop}, {"s", PieceType::Knight}, {"b", PieceType::Pawn},
                                  {"pr", PieceType::Janus}, {"kn", PieceType::Marshall}, {"am", PieceType::Amazon},
                                  {"", PieceType::None}}};
constexpr Names kFrenchPieces = {{{"r", PieceType::King}, {"d", PieceType::Queen}, {"t", PieceType::Rook},
                                  {"f", PieceType::Bishop}, {"c", PieceType::Knight}, {"p", PieceType::Pawn},
                                  {"pr", PieceType::Janus}, {"im", PieceType::Marshall}, {"am", PieceType::Amazon},
                                  {"", PieceType::None}}};

bool same_letters(char a, char b) {
  return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
}

bool begins(std::string_view keyword, std::string_view word) {
  if (word.size() > keyword.size()) return false;
  for (size_t i = 0; i < word.size(); ++i) {
    if (!same_letters(keyword[i], word[i])) return false;
  }
  return true;
}

// Popeye's GetUniqIndex (input/plaintext/token.c), with one leniency: a word equal to a
// keyword names it even where it also begins a keyword listed earlier.
template <typename Keyword, size_t N>
Match<Keyword> match(const std::array<std::string_view, N>& keywords, std::string_view word) {
  Match<Keyword> out;
  if (word.empty()) return out;
  size_t begun = 0;
  size_t last = 0;
  for (size_t i = 0; i < N; ++i) {
    if (!begins(keywords[i], word)) continue;
    if (word.size() == keywords[i].size()) {
      out.keyword = Keyword(i);
      return out;
    }
    ++begun;
    last = i;
  }
  if (begun == 1) out.keyword = Keyword(last);
  out.ambiguous = begun > 1;
  return out;
}

const Names& pieces_of(Language language) {
  switch (language) {
    case Language::English: return kEnglishPieces;
    case Language::German: return kGermanPieces;
    case Language::French: return kFrenchPieces;
  }
  return kEnglishPieces;
}

}  // namespace

std::string lowercase(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::optional<Language> language_of_begin(std::string_view word) {
  for (const Language language : {Language::English, Language::German, Language::French}) {
    if (!word.empty() && begins(kBegin[size_t(language)], word)) return language;
  }
  return std::nullopt;
}

Match<Command> find_command(Language language, std::string_view word) {
  return match<Command>(kCommands[size_t(language)], word);
}

Match<ProblemEnd> find_problem_end(Language language, std::string_view word) {
  return match<ProblemEnd>(kProblemEnds[size_t(language)], word);
}

Match<TwinStart> find_twin_start(Language language, std::string_view word) {
  return match<TwinStart>(kTwinStarts[size_t(language)], word);
}

Match<TwinChange> find_twin_change(Language language, std::string_view word) {
  return match<TwinChange>(kTwinChanges[size_t(language)], word);
}

Match<OptionName> find_option(Language language, std::string_view word) {
  return match<OptionName>(kOptions[size_t(language)], word);
}

Match<Colour> find_colour(Language language, std::string_view word) {
  return match<Colour>(kColours[size_t(language)], word);
}

Match<Mirror> find_mirror(std::string_view word) { return match<Mirror>(kMirrors, word); }

bool is_keyword(Language language, std::string_view word) {
  return find_command(language, word).any() || find_problem_end(language, word).any() ||
         find_twin_start(language, word).any();
}

Match<Condition> find_condition(std::string_view word) { return match<Condition>(kConditions, word); }

std::string_view option_name(Language language, OptionName option) {
  return kOptions[size_t(language)][size_t(option)];
}

std::string_view problem_end_name(Language language, ProblemEnd end) {
  return kProblemEnds[size_t(language)][size_t(end)];
}

std::string_view mirror_name(Mirror mirror) { return kMirrors[size_t(mirror)]; }

std::string_view condition_name(Condition condition) { return kConditions[size_t(condition)]; }

std::string_view variant_of(Condition condition) { return kConditionVariants[size_t(condition)]; }

std::string_view condition_names() {
  return "Marseillais, MarseillaisClassical, DoubleMove, Bennekom, LosingChess, LosingMarseillais, Mainzer";
}

std::optional<PieceType> find_piece(Language language, std::string_view name) {
  for (const auto& [known, type] : pieces_of(language)) {
    if (!known.empty() && name.size() == known.size() && begins(known, name)) return type;
  }
  return std::nullopt;
}

std::string_view piece_name(PieceType type) {
  switch (type) {
    case PieceType::King: return "K";
    case PieceType::Queen: return "Q";
    case PieceType::Rook: return "R";
    case PieceType::Bishop: return "B";
    case PieceType::Knight: return "S";
    case PieceType::Pawn: return "P";
    case PieceType::Janus: return "PR";
    case PieceType::Marshall: return "EM";
    case PieceType::Amazon: return "AM";
    case PieceType::None: break;
  }
  return "?";
}

std::string_view piece_names(Language language) {
  switch (language) {
    case Language::English: return "K Q R B S P, PR EM AM";
    case Language::German: return "K D T L S B, PR KN AM";
    case Language::French: return "R D T F C P, PR IM AM";
  }
  return "";
}

}  // namespace dm::puzzle::popeye
