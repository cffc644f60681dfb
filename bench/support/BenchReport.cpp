#include "BenchReport.h"

#include <cstdio>

namespace clw::bench {

void printFigure(const std::string& name, double value, const std::string& unit) {
    std::printf("figure %s %.6g %s\n", name.c_str(), value, unit.c_str());
    std::fflush(stdout);
}

bool printGoal(const std::string& name, double measured, const std::string& op, double target) {
    bool ok = false;
    if (op == "<=")
        ok = measured <= target;
    else if (op == ">=")
        ok = measured >= target;
    else if (op == "<")
        ok = measured < target;
    else if (op == ">")
        ok = measured > target;
    std::printf("goal %s %.6g %s %.6g %s\n", name.c_str(), measured, op.c_str(), target,
                ok ? "ok" : "MISSED");
    std::fflush(stdout);
    return ok;
}

} // namespace clw::bench
