#pragma once
// Validates the text of a scalar or vector kernel argument while it is typed, by the rules the
// arguments model applies (ArgumentRules' valueProblem): text that does not read yet is
// Intermediate, never Invalid, so that a person can type "-" or "1e" on the way to a number;
// problem() says what is wrong for a tooltip.
#include "clw/engine/launch/KernelSignature.h"

#include <QValidator>

namespace clw::ui {

class ScalarValidator : public QValidator {
    Q_OBJECT
public:
    ScalarValidator(engine::ScalarType element, int width, QObject* parent = nullptr);

    State validate(QString& input, int& position) const override;
    // What is wrong with `text`; empty when it is a valid value.
    QString problem(const QString& text) const;

private:
    engine::ScalarType m_element;
    int m_width;
};

} // namespace clw::ui
