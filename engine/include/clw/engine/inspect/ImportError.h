#pragma once
// What importing data into a buffer throws when the file does not fit: malformed, the wrong type
// or the wrong size. what() says what is wrong and what would fit ("'in.csv' line 12: 3 values;
// the element has 4 columns"). Nothing is written to a buffer before an import was checked whole.
#include <stdexcept>
#include <string>

namespace clw::engine {

class ImportError : public std::runtime_error {
public:
    explicit ImportError(const std::string& what)
        : std::runtime_error(what) {}
};

} // namespace clw::engine
