#pragma once
// Prints benchmark results in the one format DESIGN.md §6 fixes, so anyone can read at a glance
// which goals hold.
#include <string>

namespace clw::bench {

// "figure <name> <value> <unit>"
void printFigure(const std::string& name, double value, const std::string& unit);
// "goal <name> <measured> <= <target> ok" or "... MISSED"; op is "<=", ">=" or "<" / ">".
bool printGoal(const std::string& name, double measured, const std::string& op, double target);

} // namespace clw::bench
