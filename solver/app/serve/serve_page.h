#pragma once
// The page `dmsolve serve` serves at / (docs/serve.md): a form for the variant, its rule
// options, the FEN and the stipulation, Solve and Stop, the search's progress as it comes, and
// the solution as the HTML article the solve command writes (diagram, facts, foldable tree).
// Built into the binary: no file, no CDN, no script from elsewhere.

#include <string>

namespace dm::app::serve {

std::string serve_page();

}  // namespace dm::app::serve
