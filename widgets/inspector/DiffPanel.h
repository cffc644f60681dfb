#pragma once
// Compare the shown buffer with another buffer or with its own previous contents (a snapshot):
// tolerances, the count of changed elements, the largest absolute and relative difference, and
// "next / previous difference". The diff runs on a worker; the table highlights what it found.
// Below, a run on two devices (DifferentialView) shows its comparison, buffer by buffer.
#include "bridge/BufferSource.h"
#include "bridge/EngineBridge.h"

#include "clw/engine/inspect/BufferShape.h"
#include "clw/engine/inspect/ElementDiff.h"

#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace clw::ui {

class DifferentialView;

class DiffPanel : public QWidget {
    Q_OBJECT
public:
    struct Reference {
        QString name;
        std::shared_ptr<BufferSource> source;
    };

    explicit DiffPanel(EngineBridge& bridge, QWidget* parent = nullptr);

    // What is compared; clears a previous result.
    void setCurrent(std::shared_ptr<BufferSource> source, const engine::ElementLayout& layout,
                    const engine::BufferShape& shape);
    // What it can be compared with ("previous contents" first, when there is a snapshot).
    void setReferences(std::vector<Reference> references);
    // Runs the comparison with the chosen reference and tolerances.
    void compare();
    // Chooses the reference whose source is `reference` and compares with it; false when it is
    // not among the references.
    bool compareWith(const std::shared_ptr<BufferSource>& reference);
    void clearResult();
    // Shows `mismatches` (a run on two devices' mask of the shown buffer) as the result: the
    // table highlights them and "next / previous difference" moves through them.
    void showMismatches(std::shared_ptr<const engine::ElementDiff> mismatches);
    const std::shared_ptr<const engine::ElementDiff>& result() const { return m_result; }
    // The last run on two devices, hidden until there is one.
    DifferentialView* differential() const { return m_differential; }
    QString summary() const;
    QComboBox* referenceBox() const { return m_reference; }
    QLineEdit* absoluteTolerance() const { return m_absolute; }
    QLineEdit* relativeTolerance() const { return m_relative; }

Q_SIGNALS:
    // A new result (null when cleared): the table highlights its changed elements.
    void resultChanged(std::shared_ptr<const engine::ElementDiff> result);
    // Next (forward) or previous difference from the current element.
    void navigate(bool forward);
    void errorOccurred(const QString& message);

private:
    void showResult();

    EngineBridge& m_bridge;
    std::shared_ptr<BufferSource> m_source;
    engine::ElementLayout m_layout;
    engine::BufferShape m_shape;
    std::vector<Reference> m_references;
    std::shared_ptr<const engine::ElementDiff> m_result;
    QComboBox* m_reference = nullptr;
    QLineEdit* m_absolute = nullptr;
    QLineEdit* m_relative = nullptr;
    QPushButton* m_compare = nullptr;
    QPushButton* m_previous = nullptr;
    QPushButton* m_next = nullptr;
    QLabel* m_summary = nullptr;
    DifferentialView* m_differential = nullptr;
    JobId m_job = 0;
    quint64 m_generation = 0;
};

} // namespace clw::ui
