#pragma once
// A launch's global size, local size and offset (1 to 3 dimensions each) for the launch panel
// (issue 9), with the device's and the kernel's limits shown beside them. What is typed is
// checked as it is typed (checkGeometry, the engine's rules): when the local size does not fit,
// the problem shows in red with a "Use suggested" button that puts a fitting local size in.
// Edits apply when a field is left or Return is pressed (sizesEdited), never half-typed.
#include "clw/engine/launch/KernelLimits.h"
#include "clw/engine/launch/KernelSignature.h"

#include <QWidget>

#include <cstdint>
#include <optional>
#include <vector>

class QLabel;
class QLineEdit;
class QPushButton;

namespace clw::ui {

class GeometryEditor : public QWidget {
    Q_OBJECT
public:
    using Sizes = std::vector<std::uint64_t>;

    explicit GeometryEditor(QWidget* parent = nullptr);

    // Shows a launch's sizes (an empty local size: the driver chooses; an empty offset: none).
    // A field whose text already means the same sizes is left as typed.
    void setSizes(const Sizes& global, const Sizes& local, const Sizes& offset);
    // What sizes are checked against: nullopt limits before a build. `localArgumentBytes` are
    // the launch's __local arguments, which count against the device's local memory.
    void setLimits(std::optional<engine::KernelLimits> limits,
                   std::optional<engine::KernelSignature> signature,
                   std::uint64_t localArgumentBytes);

    // Applies what is typed: emits sizesEdited when the fields read and differ from what was
    // shown. False when a field does not read (the problem is shown, nothing is applied).
    bool commit();
    // What is wrong with the sizes as typed; empty when nothing is known to be wrong.
    QString problem() const { return m_problem; }
    // A local size that fits, when the one typed does not; nullopt otherwise.
    std::optional<Sizes> suggestion() const { return m_suggestion; }
    // Puts the suggested local size in and applies it.
    void applySuggestion();

Q_SIGNALS:
    void sizesEdited(const std::vector<std::uint64_t>& global,
                     const std::vector<std::uint64_t>& local,
                     const std::vector<std::uint64_t>& offset);

private:
    void check();
    void showLimits();
    static void showSizes(QLineEdit* edit, const Sizes& sizes, bool allowZero);

    QLineEdit* m_global;
    QLineEdit* m_local;
    QLineEdit* m_offset;
    QLabel* m_limitsLabel;
    QLabel* m_problemLabel;
    QPushButton* m_suggestButton;
    Sizes m_shownGlobal{1};
    Sizes m_shownLocal;
    Sizes m_shownOffset;
    std::optional<engine::KernelLimits> m_limits;
    std::optional<engine::KernelSignature> m_signature;
    std::uint64_t m_localArgumentBytes = 0;
    QString m_problem;
    std::optional<Sizes> m_suggestion;
};

} // namespace clw::ui
