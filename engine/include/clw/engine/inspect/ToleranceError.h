#pragma once
// What reading a tolerance throws (Tolerance::parse, ToleranceRules::add): the text and what would
// work instead, e.g. "'4ulpp' is no tolerance: write exact, 4ulp, rel=1e-6 or abs=1e-3".
#include <stdexcept>
#include <string>

namespace clw::engine {

class ToleranceError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace clw::engine
