"""provgraph where answers are made: a LangChain document compressor (`provgraph.integrations.langchain`, extra
`provgraph[langchain]`) and a LlamaIndex node postprocessor (`provgraph.integrations.llamaindex`, extra
`provgraph[llamaindex]`), both over the rule in `provgraph.integrations.policy`. Nothing here is imported by
`import provgraph`, so the core needs neither library."""
